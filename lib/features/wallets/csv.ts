/** CSV of loaded transfers (history pages, the live feed): exact amounts (BigInt), UTC times. */
import { toCsv } from '../../core/csv';
import { formatUnits } from '../../core/format/units';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { txChain } from './chains';
import { directionOf } from './direction';
import { kindOf, type FeedRow } from './feed';

const COLUMNS = [
  'id',
  'time_utc',
  'chain_type',
  'chain_id',
  'height',
  'tx_hash',
  'status',
  'type',
  'direction',
  'sender',
  'receiver',
  'amount',
  'symbol',
  'amount_raw',
  'decimals',
  'fee',
  'fee_symbol',
  'token_transfers',
] as const;

/** A transfer record (history) or a pushed transaction (the live feed, which has no cursor id). */
type Transfer = TransactionDetail & { id?: number };

export function transfersToCsv<T extends Transfer>(
  records: readonly T[],
  wallet?: (r: T) => string | null,
): string {
  return toCsv(
    COLUMNS,
    records.map((r) => {
      const native = txChain(r.chain_type, r.chain_id)?.native;
      const w = wallet?.(r) ?? null;
      const tokens = r.token_transfers
        .map((t) =>
          `${formatUnits(t.amount, t.decimals) ?? t.amount ?? ''} ${t.symbol ?? ''} ${t.from_address ?? ''}>${t.to_address ?? ''}`.trim(),
        )
        .join(' | ');
      return [
        r.id,
        r.tx_time === null ? '' : new Date(r.tx_time * 1000).toISOString(),
        r.chain_type,
        r.chain_id,
        r.height,
        r.tx_hash,
        r.tx_status,
        kindOf(r),
        w ? directionOf(r, w) : '',
        r.sender,
        r.receiver,
        formatUnits(r.amount, r.decimals),
        r.symbol,
        r.amount,
        r.decimals,
        native ? formatUnits(r.tx_fee, native.decimals) : r.tx_fee,
        native?.symbol ?? '',
        tokens,
      ];
    }),
  );
}

/** The live feed's rows, each with the monitored wallet it matched (its direction from that wallet). */
export function feedToCsv(rows: readonly FeedRow[]): string {
  const wallets = new Map(rows.map((r) => [r.tx, r.wallet]));
  return transfersToCsv(
    rows.map((r) => r.tx),
    (tx) => wallets.get(tx) ?? null,
  );
}
