/**
 * Where a transaction stands relative to the wallet it matched: in, out or self, and who is on the
 * other side. The matched wallet is the push's `listenAddress` when there is one (WebSocket), else
 * the first known address that takes part (webhook and history records carry no listenAddress).
 */
import type { AddressFamily } from '../../core/address';
import { addressKey } from '../../core/address/key';
import { familyOf } from './chains';

export type Direction = 'in' | 'out' | 'self';

/** The fields of a TransactionDetail this module reads (records may be partial or untrusted). */
export interface TxParties {
  chain_type: string;
  sender?: string | null;
  receiver?: string | null;
  token_transfers?: readonly { from_address?: string | null; to_address?: string | null }[] | null;
  from_details?: readonly { address?: string | null }[] | null;
  to_details?: readonly { address?: string | null }[] | null;
  listenAddress?: readonly string[] | null;
}

function flows(
  tx: TxParties,
  family: AddressFamily | null,
  wallet: string,
): { out: boolean; in: boolean } {
  const key = addressKey(family, wallet);
  const is = (a: string | null | undefined) => !!a && addressKey(family, a) === key;
  // The top-level sender and receiver decide first: a UTXO sender also receives its change.
  const out = is(tx.sender);
  const inn = is(tx.receiver);
  if (out || inn) return { out, in: inn };
  const tokens = tx.token_transfers ?? [];
  const tokenOut = tokens.some((t) => is(t.from_address));
  const tokenIn = tokens.some((t) => is(t.to_address));
  if (tokenOut || tokenIn) return { out: tokenOut, in: tokenIn };
  const utxoOut = (tx.from_details ?? []).some((d) => is(d.address));
  const utxoIn = (tx.to_details ?? []).some((d) => is(d.address));
  // An input of ours means we paid; an output back to us is then change, not an income.
  return utxoOut ? { out: true, in: false } : { out: false, in: utxoIn };
}

function takesPart(tx: TxParties, wallet: string): boolean {
  const f = flows(tx, familyOf(tx.chain_type), wallet);
  return f.in || f.out;
}

export function directionOf(tx: TxParties, wallet: string | null): Direction | null {
  if (!wallet) return null;
  const f = flows(tx, familyOf(tx.chain_type), wallet);
  if (f.in && f.out) return 'self';
  if (f.out) return 'out';
  if (f.in) return 'in';
  return null;
}

/**
 * The wallet a transaction is about: a matched address that takes part, else any matched one, else a
 * known address that takes part.
 */
export function matchedWallet(tx: TxParties, known: readonly string[] = []): string | null {
  const listen = (tx.listenAddress ?? []).filter((a) => typeof a === 'string' && a !== '');
  const candidates = [...listen, ...known];
  return candidates.find((a) => takesPart(tx, a)) ?? listen[0] ?? null;
}

export function counterpartyOf(
  tx: TxParties,
  wallet: string | null,
  direction: Direction | null,
): string | null {
  if (direction === 'self') return wallet;
  if (direction === 'out') {
    return (
      tx.receiver ??
      tx.token_transfers?.find((t) => t.to_address)?.to_address ??
      tx.to_details?.[0]?.address ??
      null
    );
  }
  if (direction === 'in') {
    return (
      tx.sender ??
      tx.token_transfers?.find((t) => t.from_address)?.from_address ??
      tx.from_details?.[0]?.address ??
      null
    );
  }
  return tx.receiver ?? tx.sender ?? null;
}
