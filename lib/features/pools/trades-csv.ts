/** CSV of a pool's loaded trades, as the trades table reads them (side, exact amounts, price). */
import { toCsv } from '../../core/csv';
import type { PoolRef } from '../../contracts/pool-ref';
import type { TradePool, TradeView } from './trades';

const COLUMNS = [
  'time_utc',
  'side',
  'price',
  'price_unit',
  'base_amount',
  'base_symbol',
  'quote_amount',
  'quote_symbol',
  'value_usd',
  'trader',
  'tx_hash',
  'status',
  'chain_type',
  'chain_id',
  'pool',
] as const;

export function tradesToCsv(
  trades: readonly TradeView[],
  pool: TradePool,
  ref: Pick<PoolRef, 'chainType' | 'chainId'>,
): string {
  const unit = `${pool.quote.symbol}/${pool.base.symbol}`;
  return toCsv(
    COLUMNS,
    trades.map((t) => [
      t.time === null ? '' : new Date(t.time * 1000).toISOString(),
      t.side ?? '',
      t.price,
      unit,
      t.baseAmount,
      pool.base.symbol,
      t.quoteAmount,
      pool.quote.symbol,
      t.valueUsd,
      t.trader,
      t.txHash,
      t.status,
      ref.chainType,
      ref.chainId,
      pool.address,
    ]),
  );
}
