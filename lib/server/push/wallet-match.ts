/** Whether a transaction concerns a wallet alert: the push watcher's verdict for `wallet` alerts. */
import 'server-only';
import { isRecord } from '../../core/values';
import { TX_CHAIN_TYPES } from '../../contracts/chain-types';
import type { LiveTransaction } from '../../contracts/stream/events';
import type { WalletAlert } from './schema';

const sameAddress = (a: unknown, b: string): boolean =>
  typeof a === 'string' &&
  (/^0x/i.test(b) || /^bc1/i.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b);

/** Whether the wallet takes part in the transaction, on the alert's chain if it names one. */
export function walletMatches(alert: WalletAlert, tx: LiveTransaction): boolean {
  if (alert.chain_type) {
    const txType = tx.chain_type.toLowerCase();
    const family = TX_CHAIN_TYPES[alert.chain_type];
    if (TX_CHAIN_TYPES[txType] !== family) return false;
    // `evm` names every EVM chain; `ethereum` only Ethereum's records (which may say `evm`).
    if (alert.chain_type !== 'evm' && txType !== 'evm' && txType !== alert.chain_type) return false;
  }
  const a = alert.address;
  if ((tx.listenAddress ?? []).some((x) => sameAddress(x, a))) return true;
  if (sameAddress(tx.sender, a) || sameAddress(tx.receiver, a)) return true;
  if (
    tx.token_transfers.some((t) => sameAddress(t.from_address, a) || sameAddress(t.to_address, a))
  )
    return true;
  return [...tx.from_details, ...tx.to_details].some(
    (d) => isRecord(d) && sameAddress(d.address, a),
  );
}
