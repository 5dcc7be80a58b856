/**
 * Candles as the chart needs them: validated, sorted by time, one per `open_time`. lightweight-charts
 * skips its own checks in production and silently corrupts on unsorted or duplicate bars, so every
 * bar passes through here first. History and live pushes merge by `open_time`, the latest wins, so a
 * gap filled after a reconnect shows no gap, no duplicate and no jump.
 */
export interface Candle {
  /** open time, Unix seconds */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A candle as a page carries it inline: `[time, open, high, low, close, volume]`, the compact form. */
export type PackedCandle = [number, number, number, number, number, number];

export const packCandles = (candles: readonly Candle[]): PackedCandle[] =>
  candles.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume]);

/** Packed candles back as the upstream's, for the feed that validates every bar it takes. */
export const unpackCandles = (packed: readonly PackedCandle[]): RawCandle[] =>
  packed.map(([t, o, h, l, c, v]) => ({
    open_time: t,
    open: o,
    high: h,
    low: l,
    close: c,
    volume: v,
  }));

export interface RawCandle {
  open_time: unknown;
  open: unknown;
  high: unknown;
  low: unknown;
  close: unknown;
  volume?: unknown;
}

function finite(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * One upstream candle as a chart bar, or null when it cannot be drawn. Null prices are filled from
 * what the candle does have (a bar with only a close is a flat bar at the close); high and low are
 * widened to contain open and close, since a bar that breaks that rule draws wrongly.
 */
export function toCandle(raw: RawCandle): Candle | null {
  const time = finite(raw.open_time);
  if (time === null || time < 0) return null;
  let open = finite(raw.open);
  let close = finite(raw.close);
  let high = finite(raw.high);
  let low = finite(raw.low);
  const known = [open, close, high, low].filter((v): v is number => v !== null);
  if (known.length === 0) return null;
  close ??= open ?? (high !== null && low !== null ? (high + low) / 2 : (known[0] as number));
  open ??= close;
  high = Math.max(high ?? -Infinity, open, close);
  low = Math.min(low ?? Infinity, open, close);
  const volume = Math.max(0, finite(raw.volume) ?? 0);
  return {
    time: Math.floor(time > 10_000_000_000 ? time / 1000 : time),
    open,
    high,
    low,
    close,
    volume,
  };
}

/** Validated, ascending, unique bars; for a repeated time the last one given wins. */
export function normalizeCandles(raw: readonly RawCandle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const r of raw) {
    const c = toCandle(r);
    if (c) byTime.set(c.time, c);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Merges `incoming` into `base` by time (incoming wins); both sorted, result sorted and unique. */
export function mergeCandles(base: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  if (incoming.length === 0) return [...base];
  const out: Candle[] = [];
  let i = 0;
  let j = 0;
  while (i < base.length || j < incoming.length) {
    const a = base[i];
    const b = incoming[j];
    if (b === undefined || (a !== undefined && a.time < b.time)) {
      out.push(a as Candle);
      i++;
    } else if (a === undefined || b.time < a.time) {
      out.push(b);
      j++;
    } else {
      out.push(b);
      i++;
      j++;
    }
  }
  return out;
}

/**
 * How a live bar applies to what the chart shows: `update` for the last bar or a new one after it
 * (series.update), `ignore` for a bar older than the last (the library cannot update the past
 * cheaply, and history already has it).
 */
export function liveAction(last: Candle | undefined, bar: Candle): 'update' | 'ignore' {
  if (!last) return 'update';
  return bar.time >= last.time ? 'update' : 'ignore';
}
