/**
 * Deterministic OHLCV price paths, generated top-down (see docs/simulator/README.md, "Market data").
 *
 * A path's daily candles come from a mean-reverting random walk whose steps are hashes of
 * (seed, entity, day). Each candle is split into children (1d -> 6 x 4h -> 4 x 1h -> 4 x 15m ->
 * 15 x 1m -> 60 x 1s) by a bridge from the parent's open to its close that touches the parent's high
 * and low and stays within them. So every candle is a pure function of its ancestors, every coarser
 * candle is exactly the aggregate of its children, and the candle in progress is the aggregate of the
 * children elapsed so far: live pushes and later history agree, across processes and restarts.
 */
import { gaussian, prng } from '../core/rng';

import { type KlineInterval as Interval } from '../../contracts/kline/endpoints';

export { type Interval };

/** History starts here for every path: Monday 2024-01-01 00:00 UTC. */
const EPOCH = Date.UTC(2024, 0, 1) / 1000;
const DAY = 86_400;

/** Levels of the generation tree, coarse to fine; `parts` children per parent candle. */
const LEVELS = [
  { interval: '1d', seconds: DAY, parts: 1 },
  { interval: '4h', seconds: 14_400, parts: 6 },
  { interval: '1h', seconds: 3_600, parts: 4 },
  { interval: '15m', seconds: 900, parts: 4 },
  { interval: '1m', seconds: 60, parts: 15 },
  { interval: '1s', seconds: 1, parts: 60 },
] as const;

export type TreeInterval = (typeof LEVELS)[number]['interval'];

/** A candle. Volume is kept in integer cents inside the model so that sums are exact. */
export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** volume in cents of the quote unit */
  v: number;
}

export interface PathSpec {
  /** Entity key, unique per path: `token:2`, `pool:evm:1:0x88e6...`. */
  key: string;
  /** Long-run price level the walk reverts to. */
  anchor: number;
  /** Standard deviation of the daily log return (0.035 for ETH, 0.0004 for a stablecoin). */
  dailyVol: number;
  /** Typical daily traded value in quote units. */
  dailyVolume: number;
}

/** Rounds to 10 significant digits, so prices look like prices and stay exact across levels. */
function sig(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  const scale = 10 ** (9 - Math.floor(Math.log10(Math.abs(x))));
  return Math.round(x * scale) / scale;
}

/**
 * A path's daily closes. Only the walk is stored (8 bytes a day); a day's high, low and volume are
 * drawn from a hash of the day when asked for, so 1,600 token paths cost ~15 MB, not ~90 MB.
 */
interface Daily {
  open0: number;
  c: Float64Array;
  length: number;
  /** One stream per path, drawn day after day, so that extending the walk is cheap. */
  rnd: () => number;
}

const MEAN_REVERSION = 0.04;

export class PricePaths {
  private readonly daily = new Map<string, Daily>();
  private readonly children = new Map<string, Bar[]>();
  private readonly maxCached = 40_000;

  constructor(private readonly seed: string) {}

  /** The full (closed or not) candle of a tree interval that starts at `t` (aligned). */
  treeBar(spec: PathSpec, interval: TreeInterval, t: number): Bar | null {
    const day = Math.floor((t - EPOCH) / DAY);
    if (day < 0) return null;
    if (interval === '1d') return this.dayBar(spec, day);
    const level = LEVELS.findIndex((l) => l.interval === interval);
    const parentLevel = LEVELS[level - 1];
    const own = LEVELS[level];
    if (!parentLevel || !own) return null;
    const parentStart = t - ((t - EPOCH) % parentLevel.seconds);
    const index = (t - parentStart) / own.seconds;
    return this.split(spec, level - 1, parentStart)[index] ?? null;
  }

  /**
   * The candle of `interval` opening at `openTime` as seen at `now` (Unix seconds): closed candles are
   * whole; the one in progress aggregates the children elapsed so far; future ones are null.
   */
  candle(spec: PathSpec, interval: Interval, openTime: number, now: number): Bar | null {
    if (openTime > now || openTime < EPOCH) return null;
    if (interval === '1w' || interval === '1M' || interval === '1Y') {
      const end = periodEnd(interval, openTime);
      const bars: Bar[] = [];
      for (let d = openTime; d < end && d <= now; d += DAY) {
        const bar = this.candle(spec, '1d', d, now);
        if (bar) bars.push(bar);
      }
      const agg = aggregate(bars);
      return agg ? { ...agg, t: openTime } : null;
    }
    const level = LEVELS.findIndex((l) => l.interval === interval);
    const own = LEVELS[level];
    if (!own) return null;
    if (openTime + own.seconds <= now + 1 || level === LEVELS.length - 1) {
      return this.treeBar(spec, own.interval, openTime);
    }
    return this.partial(spec, level, openTime, now);
  }

  /**
   * The price at `t`: the close of the one-second candle that contains it. A coarser `resolution`
   * gives the open of the candle of that interval containing `t`: much cheaper, and good enough for
   * "change over 24 h" figures.
   */
  priceAt(spec: PathSpec, t: number, resolution: TreeInterval = '1s'): number {
    const start = alignDown(resolution, Math.floor(t));
    const bar = this.treeBar(spec, resolution, start);
    if (!bar) return spec.anchor;
    return resolution === '1s' ? bar.c : bar.o;
  }

  /** Traded value (quote units) in the `seconds` before `now`, at one-minute resolution. */
  volumeBetween(spec: PathSpec, from: number, to: number): number {
    let cents = 0;
    let t = alignDown('1m', from);
    // Whole days first, then 15m, then minutes: a 24h window costs ~100 candles, not 1,440.
    while (t < to) {
      const step = pickStep(t, to);
      const bar = this.candle(spec, step.interval, t, to);
      if (bar) cents += bar.v;
      t += step.seconds;
    }
    return cents / 100;
  }

  private partial(spec: PathSpec, level: number, start: number, now: number): Bar | null {
    const kids = this.split(spec, level, start);
    const childLevel = LEVELS[level + 1];
    if (!childLevel) return this.treeBar(spec, '1s', start);
    const done: Bar[] = [];
    for (const kid of kids) {
      if (kid.t > now) break;
      if (kid.t + childLevel.seconds <= now + 1) {
        done.push(kid);
        continue;
      }
      const current = this.partialOrWhole(spec, level + 1, kid.t, now);
      if (current) done.push(current);
      break;
    }
    const agg = aggregate(done);
    return agg ? { ...agg, t: start } : null;
  }

  private partialOrWhole(spec: PathSpec, level: number, start: number, now: number): Bar | null {
    const own = LEVELS[level];
    if (!own) return null;
    if (level === LEVELS.length - 1 || start + own.seconds <= now + 1) {
      return this.treeBar(spec, own.interval, start);
    }
    return this.partial(spec, level, start, now);
  }

  private dayBar(spec: PathSpec, day: number): Bar {
    const cacheKey = `${spec.key}|day|${day}`;
    const cached = this.children.get(cacheKey)?.[0];
    if (cached) return cached;
    const d = this.dailySeries(spec, day);
    const open = day === 0 ? d.open0 : (d.c[day - 1] as number);
    const close = d.c[day] as number;
    const rnd = prng(`${this.seed}|${spec.key}|day|${day}`);
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const bar: Bar = {
      t: EPOCH + day * DAY,
      o: open,
      h: sig(top * (1 + Math.abs(gaussian(rnd)) * spec.dailyVol * 0.5)),
      l: sig(bottom * (1 - Math.min(0.5, Math.abs(gaussian(rnd)) * spec.dailyVol * 0.5))),
      c: close,
      v: Math.round(spec.dailyVolume * Math.exp(0.35 * gaussian(rnd)) * 100),
    };
    this.remember(cacheKey, [bar]);
    return bar;
  }

  /** Bounded LRU of generated candles: Map order is recency order. */
  private remember(key: string, bars: Bar[]): void {
    this.children.set(key, bars);
    if (this.children.size > this.maxCached) {
      const oldest = this.children.keys().next().value;
      if (oldest !== undefined) this.children.delete(oldest);
    }
  }

  private dailySeries(spec: PathSpec, upTo: number): Daily {
    let d = this.daily.get(spec.key);
    if (d && d.length > upTo) return d;
    if (!d) {
      const rnd = prng(`${this.seed}|${spec.key}|daily`);
      d = {
        open0: sig(spec.anchor * Math.exp(spec.dailyVol * gaussian(rnd))),
        c: new Float64Array(0),
        length: 0,
        rnd,
      };
      this.daily.set(spec.key, d);
    }
    if (d.c.length <= upTo) {
      const grown = new Float64Array(upTo + 32);
      grown.set(d.c.subarray(0, d.length));
      d.c = grown;
    }
    const target = Math.log(spec.anchor);
    for (let day = d.length; day <= upTo; day++) {
      const open = day === 0 ? d.open0 : (d.c[day - 1] as number);
      const x = Math.log(open);
      d.c[day] = sig(Math.exp(x + MEAN_REVERSION * (target - x) + spec.dailyVol * gaussian(d.rnd)));
    }
    d.length = upTo + 1;
    return d;
  }

  /** The children of the candle at `level` opening at `start`, one level finer. */
  private split(spec: PathSpec, level: number, start: number): Bar[] {
    const cacheKey = `${spec.key}|${level}|${start}`;
    const cached = this.children.get(cacheKey);
    if (cached) {
      // refresh recency for the LRU
      this.children.delete(cacheKey);
      this.children.set(cacheKey, cached);
      return cached;
    }
    const parentLevel = LEVELS[level];
    const childLevel = LEVELS[level + 1];
    if (!parentLevel || !childLevel) return [];
    const parent = this.treeBar(spec, parentLevel.interval, start);
    if (!parent) return [];
    const kids = splitBar(
      parent,
      childLevel.parts,
      childLevel.seconds,
      prng(`${this.seed}|${spec.key}|${level}|${start}`),
    );
    this.remember(cacheKey, kids);
    return kids;
  }
}

/**
 * `v` folded back into [lo, hi]: a path that meets the parent's high or low turns back, as a price
 * does, instead of running along it. (Clamping held the closes on the bound: a minute that opened at
 * its quarter-hour's high had seconds-long runs of one close, up to a minute of them.)
 */
function fold(v: number, lo: number, hi: number): number {
  const span = hi - lo;
  if (!(span > 0)) return lo;
  let x = (v - lo) % (2 * span);
  if (x < 0) x += 2 * span;
  return lo + (x <= span ? x : 2 * span - x);
}

/**
 * Splits a parent candle into `n` children: a bridge from open to close, folded into [low, high], with
 * the parent's high and low placed on the children where the path peaks and troughs.
 */
function splitBar(parent: Bar, n: number, seconds: number, rnd: () => number): Bar[] {
  const { o: O, h: H, l: L, c: C } = parent;
  const walk = [0];
  for (let k = 1; k <= n; k++) walk.push((walk[k - 1] as number) + gaussian(rnd));
  const end = walk[n] as number;
  const bridge = walk.map((w, k) => w - (k / n) * end);
  const amp = Math.max(...bridge.map(Math.abs)) || 1;
  const scale = ((H - L) * 0.3) / amp;
  const points = bridge.map((b, k) => {
    if (k === 0) return O;
    if (k === n) return C;
    return sig(fold(O + ((C - O) * k) / n + scale * b, L, H));
  });

  const kids: Bar[] = [];
  let peak = 0;
  let trough = 0;
  for (let k = 0; k < n; k++) {
    const o = points[k] as number;
    const c = points[k + 1] as number;
    const top = Math.max(o, c);
    const bottom = Math.min(o, c);
    const h = sig(Math.min(H, top + (H - top) * 0.25 * rnd()));
    const l = sig(Math.max(L, bottom - (bottom - L) * 0.25 * rnd()));
    kids.push({
      t: parent.t + k * seconds,
      o,
      h: Math.max(h, top),
      l: Math.min(l, bottom),
      c,
      v: 0,
    });
    if (top > Math.max((kids[peak] as Bar).o, (kids[peak] as Bar).c)) peak = k;
    if (bottom < Math.min((kids[trough] as Bar).o, (kids[trough] as Bar).c)) trough = k;
  }
  (kids[peak] as Bar).h = H;
  (kids[trough] as Bar).l = L;

  // Volume: random weights, integer cents, largest remainder so the children sum to the parent exactly.
  const weights = kids.map(() => Math.exp(0.6 * gaussian(rnd)));
  const total = weights.reduce((a, b) => a + b, 0);
  let assigned = 0;
  const remainders = kids.map((kid, k) => {
    const exact = (parent.v * (weights[k] as number)) / total;
    kid.v = Math.floor(exact);
    assigned += kid.v;
    return { k, r: exact - kid.v };
  });
  remainders.sort((a, b) => b.r - a.r);
  for (let i = 0; i < parent.v - assigned; i++) {
    const kid = kids[(remainders[i % n] as { k: number }).k] as Bar;
    kid.v += 1;
  }
  return kids;
}

function aggregate(bars: readonly Bar[]): Bar | null {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return null;
  let h = -Infinity;
  let l = Infinity;
  let v = 0;
  for (const b of bars) {
    if (b.h > h) h = b.h;
    if (b.l < l) l = b.l;
    v += b.v;
  }
  return { t: first.t, o: first.o, h, l, c: last.c, v };
}

const FIXED_SECONDS: Record<Exclude<Interval, '1M' | '1Y'>, number> = {
  '1s': 1,
  '1m': 60,
  '15m': 900,
  '1h': 3_600,
  '4h': 14_400,
  '1d': DAY,
  '1w': 7 * DAY,
};

/** Start of the candle of `interval` that contains `t` (UTC; weeks start on Monday). */
export function alignDown(interval: Interval, t: number): number {
  if (interval === '1M' || interval === '1Y') {
    const date = new Date(t * 1000);
    const month = interval === '1M' ? date.getUTCMonth() : 0;
    return Date.UTC(date.getUTCFullYear(), month, 1) / 1000;
  }
  const size = FIXED_SECONDS[interval];
  // EPOCH is a Monday, so aligning to it gives Monday weeks and midnight days.
  return t - ((((t - EPOCH) % size) + size) % size);
}

/** Start of the candle after the one that opens at `t` (which must be aligned). */
export function periodEnd(interval: Interval, t: number): number {
  if (interval === '1M' || interval === '1Y') {
    const date = new Date(t * 1000);
    return interval === '1M'
      ? Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000
      : Date.UTC(date.getUTCFullYear() + 1, 0, 1) / 1000;
  }
  return t + FIXED_SECONDS[interval];
}

function pickStep(t: number, to: number): { interval: '1d' | '15m' | '1m'; seconds: number } {
  if ((t - EPOCH) % DAY === 0 && t + DAY <= to) return { interval: '1d', seconds: DAY };
  if ((t - EPOCH) % 900 === 0 && t + 900 <= to) return { interval: '15m', seconds: 900 };
  return { interval: '1m', seconds: 60 };
}

/**
 * Candles of `interval` whose `open_time` lies in [from, to] and is not in the future, ascending. When
 * more than `limit` match, the latest `limit` are returned: that is what a chart asks for.
 */
export function candleRange(
  paths: PricePaths,
  spec: PathSpec,
  interval: Interval,
  from: number,
  to: number,
  limit: number,
  now: number,
): Bar[] {
  const end = Math.min(to, now);
  let start = Math.max(alignDown(interval, Math.max(from, EPOCH)), EPOCH);
  if (start < from) start = periodEnd(interval, start);
  if (end < start) return [];
  // Walk back from the end so that only the latest `limit` candles are computed.
  const opens: number[] = [];
  let t = alignDown(interval, end);
  while (t >= start && opens.length < limit) {
    opens.push(t);
    t =
      interval === '1M' || interval === '1Y'
        ? alignDown(interval, t - 1)
        : t - FIXED_SECONDS[interval];
  }
  opens.reverse();
  const out: Bar[] = [];
  for (const open of opens) {
    const bar = paths.candle(spec, interval, open, now);
    if (bar) out.push(bar);
  }
  return out;
}
