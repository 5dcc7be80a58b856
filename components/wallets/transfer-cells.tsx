import { clsx } from 'clsx';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import type { Direction } from '@/lib/features/wallets/direction';
import {
  AmountText,
  ChainBadge,
  DirectionBadge,
  FeeText,
  StatusBadge,
} from '@/components/tx/tx-cells';
import { TokenTransfersCell } from './token-transfers-cell';
import { WalletAddress } from './wallet-address';

/**
 * The cells of a transfer from its chain to its fee, the same in the live feed and the history.
 * `fixed`: the table sets each column's width (the feed), so every cell truncates; otherwise the
 * addresses and the token list are capped.
 */
export function TransferCells({
  tx,
  wallet,
  direction,
  counterparty,
  showWallet = true,
  fixed,
}: {
  tx: TransactionDetail;
  wallet: string | null;
  direction: Direction | null;
  counterparty: string | null;
  showWallet?: boolean;
  fixed: boolean;
}) {
  const party = clsx('truncate px-2', !fixed && 'max-w-[150px]');
  const amount = clsx('px-2 text-right', fixed && 'truncate');
  return (
    <>
      <td className="px-2">
        <ChainBadge chainType={tx.chain_type} chainId={tx.chain_id} />
      </td>
      {showWallet && (
        <td className={party}>
          <WalletAddress value={wallet} copy={false} />
        </td>
      )}
      <td className="px-2">
        <DirectionBadge direction={direction} />
      </td>
      <td className={party}>
        <WalletAddress value={counterparty} copy={false} />
      </td>
      <td className={amount}>
        <AmountText value={tx} direction={direction === 'self' ? null : direction} />
      </td>
      <td className={clsx('px-2', !fixed && 'max-w-[110px]')}>
        <TokenTransfersCell transfers={tx.token_transfers} />
      </td>
      <td className="px-2">
        <StatusBadge status={tx.tx_status} />
      </td>
      <td className={amount}>
        <FeeText tx={tx} />
      </td>
    </>
  );
}
