/**
 * Comparing pools on one chart: the `compare=` parameter of the pool page (pools written as
 * `chain_type:chain_id:pool_address`, as lib/contracts/pool-ref.ts's poolKey spells them), what a
 * trader may type to add one, and the percent maths of the legend. Free of React and of the chart
 * library; lib/chart/draw/compare-series.ts draws the lines.
 *
 * The chart shows a comparison in the library's percent mode, where every series is measured from its
 * own first visible value: each line starts at 0 % at the first visible bar. The legend's figures
 * follow the same rule (percentFrom / changeSince), so what it says is what the lines show.
 */
import { normalizeKlineChainType } from '../../contracts/chain-types';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';
import type { Candle } from './candles';
import { parseListParam } from './list-param';

/** At most this many pools compared at once (the chart and the URL stay readable). */
export const MAX_COMPARE = 3;

/** The compared lines' colours, in order (the main series keeps the accent or the candle colours). */
export const COMPARE_COLORS = ['#e879f9', '#f5a524', '#22d3ee'] as const;

// The same shape rules as the stream's topics (lib/contracts/stream/topics.ts), so a pool taken
// here is always a valid `ohlcv` topic; the server checks every address fully.
const POOL_RE = /^[A-Za-z0-9._-]{1,200}$/;
const EVM_RE = /^0x[0-9a-fA-F]{40}$/;

export type PoolInput = { ok: true; ref: PoolRef } | { ok: false; reason: string };

function checkRef(rawType: string, rawId: string, rawAddress: string): PoolInput {
  const chainType = normalizeKlineChainType(rawType);
  if (!chainType)
    return { ok: false, reason: `"${rawType}" is not a chain type (evm, svm, tvm, …).` };
  if (!/^\d{1,12}$/.test(rawId))
    return { ok: false, reason: `"${rawId}" is not a chain id (a whole number).` };
  const address = rawAddress.trim();
  if (chainType === 'evm' && !EVM_RE.test(address))
    return { ok: false, reason: 'An EVM pool address is 0x followed by 40 hexadecimal digits.' };
  if (!POOL_RE.test(address))
    return {
      ok: false,
      reason: 'A pool address is 1 to 200 letters, digits, dots, dashes or underscores.',
    };
  return {
    ok: true,
    ref: {
      chainType,
      chainId: Number(rawId),
      address: chainType === 'evm' ? address.toLowerCase() : address,
    },
  };
}

/** `evm:1:0x88e6…` as a pool, or null. */
export function parseCompareKey(text: string): PoolRef | null {
  const m = /^([^:]+):([^:]+):([^:]+)$/.exec(text.trim());
  if (!m) return null;
  const r = checkRef(m[1] ?? '', m[2] ?? '', m[3] ?? '');
  return r.ok ? r.ref : null;
}

/**
 * `compare=evm:1:0x…,svm:501:58oQ…`: the valid pools, each once, never the page's own pool, at most
 * MAX_COMPARE; anything else is dropped (a hand-edited link never breaks the chart).
 */
export function parseCompare(raw: string | null | undefined, self?: PoolRef): PoolRef[] {
  return parseListParam(raw, {
    maxLength: 1000,
    max: MAX_COMPARE,
    read: parseCompareKey,
    key: poolKey,
    exclude: self ? [poolKey(self)] : [],
  });
}

/** The `compare=` value ('' for none). */
export const formatCompare = (refs: readonly PoolRef[]): string => refs.map(poolKey).join(',');

/**
 * What a trader types to add a pool: its key (`evm:1:0x…`), a link to its pool page
 * (`…/pools/evm/1/0x…`), or a bare address, taken on the chain of the pool on screen.
 */
export function readPoolInput(text: string, chainOf: PoolRef): PoolInput {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'Enter a pool address.' };
  const path = /\/pools\/([^/?#]+)\/([^/?#]+)\/([^/?#]+)/.exec(value);
  if (path) {
    let address = path[3] ?? '';
    try {
      address = decodeURIComponent(address);
    } catch {
      return { ok: false, reason: 'That link does not name a pool.' };
    }
    return checkRef(path[1] ?? '', path[2] ?? '', address);
  }
  const parts = value.split(':');
  if (parts.length === 3) return checkRef(parts[0] ?? '', parts[1] ?? '', parts[2] ?? '');
  if (parts.length !== 1)
    return { ok: false, reason: 'Write chain_type:chain_id:address, or the address alone.' };
  return checkRef(chainOf.chainType, String(chainOf.chainId), value);
}

/** The change from `base` to `value` in percent; null when there is no meaningful base. */
export function percentFrom(base: number, value: number): number | null {
  if (!Number.isFinite(base) || !Number.isFinite(value) || base <= 0) return null;
  return (value / base - 1) * 100;
}

/** Index of the first bar at or after `time` in sorted bars, or -1 when every bar is before it. */
export function firstAtOrAfter(bars: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((bars[mid] as Candle).time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo < bars.length ? lo : -1;
}

/** Index of the last bar at or before `time`, or -1 when every bar is after it. */
export function lastAtOrBefore(bars: readonly Candle[], time: number): number {
  const i = firstAtOrAfter(bars, time);
  if (i < 0) return bars.length - 1;
  return (bars[i] as Candle).time === time ? i : i - 1;
}

export interface ChangeSince {
  /** the close the line is measured from (0 %): the first bar at or after `from` */
  base: number;
  /** the close at `at` (the bar under the crosshair), or the last one */
  close: number;
  percent: number | null;
}

/**
 * A line's change as the percent scale draws it: from its first visible bar (`from`, the first
 * visible time) to the bar at `at` (the last one when null, or the latest one before `at` when the
 * pool has no bar then). Null when the line has no bar in view.
 */
export function changeSince(
  bars: readonly Candle[],
  from: number | null,
  at: number | null,
): ChangeSince | null {
  if (bars.length === 0) return null;
  const first = from === null ? 0 : firstAtOrAfter(bars, from);
  if (first < 0) return null;
  const end = at === null ? bars.length - 1 : lastAtOrBefore(bars, at);
  if (end < first) return null;
  const base = (bars[first] as Candle).close;
  const close = (bars[end] as Candle).close;
  return { base, close, percent: percentFrom(base, close) };
}
