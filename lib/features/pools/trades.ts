/**
 * A pool trade (a TransactionDetail of the public trades endpoint) read as a trader reads it.
 *
 * Buy or sell is decided from the token transfers relative to the pool address: the trader BUYS the
 * base token when base leaves the pool (a transfer of the base token from the pool) or quote enters
 * it; SELLS when base enters the pool or quote leaves it. Tokens are matched by contract address (or
 * mint), then by symbol when the addresses are absent. A trade with no transfer touching the pool
 * (failed, or a shape we do not know) has no side rather than a guessed one.
 */
import { formatCompact, formatPrice, toBig, type Numeric } from '../../core/format/number';
import { formatUnits } from '../../core/format/units';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { inUsd } from './live';

interface TradeToken {
  address: string;
  symbol: string;
}

export interface TradePool {
  address: string;
  base: TradeToken;
  quote: TradeToken;
}

export type TradeSide = 'buy' | 'sell';

export interface TradeView {
  key: string;
  time: number | null;
  side: TradeSide | null;
  /** decimal strings in whole tokens */
  baseAmount: string | null;
  quoteAmount: string | null;
  /** quote per base, a decimal string (big.js: amounts and prices never pass through a float) */
  price: string | null;
  /** the quote leg at the quote token's USD price (else the base leg at the base's), decimal string */
  valueUsd: string | null;
  trader: string | null;
  txHash: string;
  status: string | null;
}

type Transfer = TransactionDetail['token_transfers'][number];

const same = (a: string | null | undefined, b: string | null | undefined): boolean => {
  if (!a || !b) return false;
  // Hex has no case (checksummed vs lowercase); Base58 and others compare exactly.
  return /^0x[0-9a-f]+$/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
};

function isToken(t: Transfer, token: TradeToken): boolean {
  const id = t.token_contract_address ?? t.mint;
  if (id && token.address) return same(id, token.address);
  return !!t.symbol && t.symbol.toUpperCase() === token.symbol.toUpperCase();
}

export function tradeKey(
  tx: Pick<TransactionDetail, 'chain_type' | 'chain_id' | 'tx_hash'> & { id?: unknown },
): string {
  return typeof tx.id === 'number'
    ? `id:${tx.id}`
    : `${tx.chain_type}:${tx.chain_id}:${tx.tx_hash}`;
}

export function readTrade(
  tx: TransactionDetail & { id?: unknown },
  pool: TradePool,
  usd: { base: Numeric; quote: Numeric },
): TradeView {
  const transfers = Array.isArray(tx.token_transfers) ? tx.token_transfers : [];
  const touching = transfers.filter(
    (t) => same(t.from_address, pool.address) || same(t.to_address, pool.address),
  );
  const baseLeg = touching.find((t) => isToken(t, pool.base));
  const quoteLeg = touching.find((t) => isToken(t, pool.quote));

  let side: TradeSide | null = null;
  if (baseLeg) side = same(baseLeg.from_address, pool.address) ? 'buy' : 'sell';
  else if (quoteLeg) side = same(quoteLeg.to_address, pool.address) ? 'buy' : 'sell';

  const baseAmount = baseLeg ? formatUnits(baseLeg.amount, baseLeg.decimals) : null;
  const quoteAmount = quoteLeg ? formatUnits(quoteLeg.amount, quoteLeg.decimals) : null;
  const b = toBig(baseAmount);
  const q = toBig(quoteAmount);
  const baseUsd = toBig(usd.base);
  const price = b && q && b.gt(0) ? q.div(b).toFixed() : null;
  // The quote leg at the quote's USD price (the pool's one rule: lib/features/pools/pricing.ts).
  const quoteValue = q && usd.quote != null ? inUsd(q, { usd: String(usd.quote) }) : null;
  const valueUsd = quoteValue
    ? quoteValue.toFixed()
    : b && baseUsd
      ? b.times(baseUsd).toFixed()
      : null;

  // The trader is the other side of the pool's transfers.
  const leg = baseLeg ?? quoteLeg;
  const trader = leg
    ? same(leg.from_address, pool.address)
      ? leg.to_address
      : leg.from_address
    : tx.sender;

  return {
    key: tradeKey(tx),
    time: tx.tx_time,
    side,
    baseAmount,
    quoteAmount,
    price,
    valueUsd,
    trader,
    txHash: tx.tx_hash,
    status: tx.tx_status,
  };
}

/** Newest first; by time, then by the cursor id where both have one. */
export function compareTrades(
  a: { tx_time: number | null; id?: unknown },
  b: { tx_time: number | null; id?: unknown },
): number {
  const dt = (b.tx_time ?? 0) - (a.tx_time ?? 0);
  if (dt !== 0) return dt;
  return typeof a.id === 'number' && typeof b.id === 'number' ? b.id - a.id : 0;
}

/**
 * `current` with `incoming` merged in: one entry per trade, newest first, at most `limit`. A trade
 * already held keeps its object (unless its status changed), and nothing new gives back `current`
 * itself, so a re-fetch or a replayed push re-renders no row that did not change.
 */
export function mergeTrades<T extends TransactionDetail & { id?: unknown }>(
  current: readonly T[],
  incoming: readonly T[],
  limit: number,
): T[] {
  const byKey = new Map<string, T>();
  for (const t of current) byKey.set(tradeKey(t), t);
  let changed = false;
  for (const t of incoming) {
    const key = tradeKey(t);
    const held = byKey.get(key);
    if (held && held.tx_status === t.tx_status && held.tx_time === t.tx_time) continue;
    byKey.set(key, t);
    changed = true;
  }
  if (!changed && current.length <= limit) return current as T[];
  return [...byKey.values()].sort(compareTrades).slice(0, limit);
}

/** A trade's token amount as the trade lists show it: compact, tiny amounts with their digits, `—` when unknown. */
export function tradeAmount(value: string | null): string {
  if (value === null) return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  if (n !== 0 && Math.abs(n) < 0.0001) return formatPrice(value);
  return formatCompact(value).replace(/\.00$/, '');
}
