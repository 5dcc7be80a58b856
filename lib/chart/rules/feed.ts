/**
 * The candles of one pool and interval as a chart shows them: history from HTTP, older history on
 * demand, live pushes, and the gap after a reconnect filled from history. Free of React and of the
 * chart library (a `CandleSink` receives the bars), so every rule here is tested on its own.
 *
 * What reaches the sink is always valid for lightweight-charts, which does not check in production:
 * `setData` gets sorted, unique bars (normalizeCandles/mergeCandles); `update` gets a bar at or after
 * the last one, or (historical) one that already exists.
 */
import { mergeCandles, normalizeCandles, toCandle, type Candle, type RawCandle } from './candles';
import { INTERVAL_SECONDS, windowBetween, windowEndingAt, type KlineInterval } from './intervals';

export interface CandleSink {
  /** History: replaces every bar. */
  setData(bars: readonly Candle[]): void;
  /** Live: the last bar or a new one after it; `historical` for an existing earlier bar. */
  update(bar: Candle, historical: boolean): void;
}

export type FetchCandles = (
  window: { from: number; to: number; limit: number },
  signal: AbortSignal,
) => Promise<readonly RawCandle[]>;

export type FeedState = 'loading' | 'ready' | 'empty' | 'error';

export interface FeedSnapshot {
  state: FeedState;
  error: string | null;
  bars: number;
  last: Candle | null;
  /** close of the bar before the last, for the change of the last bar */
  previousClose: number | null;
  /** when history or a live push last arrived (ms) */
  updatedAt: number | null;
  loadingOlder: boolean;
  /** no older history exists (or the bar cap is reached) */
  exhausted: boolean;
}

/** What a chart shows before its feed has said anything. */
export const INITIAL_SNAPSHOT: FeedSnapshot = {
  state: 'loading',
  error: null,
  bars: 0,
  last: null,
  previousClose: null,
  updatedAt: null,
  loadingOlder: false,
  exhausted: false,
};

/**
 * Bars of a chart's first window: more than the widest screen shows at the default bar spacing
 * (1,440 px / 7 px ≈ 200), few enough that the page carries them inline and the first paint stays
 * light; older ones load as the view scrolls back.
 */
export const INITIAL_BARS = 300;
export const OLDER_CHUNK = 2000;
/** Beyond this, scrolling further back loads nothing more: setData stays fast. */
const MAX_BARS = 30_000;
const MAX_PENDING = 200;

export class CandleFeed {
  private bars: Candle[] = [];
  private state: FeedState = 'loading';
  private error: string | null = null;
  private updatedAt: number | null = null;
  private loadingOlder = false;
  private exhausted = false;
  private pending: Candle[] = [];
  private readonly abort = new AbortController();
  private generation = 0;
  private snapshot: FeedSnapshot;
  private disposed = false;

  constructor(
    readonly interval: KlineInterval,
    private readonly fetchCandles: FetchCandles,
    private readonly sink: CandleSink,
    private readonly onChange: (snapshot: FeedSnapshot) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.snapshot = this.makeSnapshot();
  }

  getSnapshot(): FeedSnapshot {
    return this.snapshot;
  }

  getBars(): readonly Candle[] {
    return this.bars;
  }

  /**
   * First history, or a full reload (Retry, or a gap too long for one query). `to` pins the end of
   * the window (Unix seconds) so that a request the server preloaded is the one made here.
   */
  async load(to?: number): Promise<void> {
    const generation = ++this.generation;
    if (this.bars.length === 0) this.set({ state: 'loading', error: null });
    try {
      const end = to ?? this.nowSeconds();
      const raw = await this.fetchCandles(
        windowEndingAt(this.interval, end, INITIAL_BARS),
        this.abort.signal,
      );
      if (this.stale(generation)) return;
      // Pushes that arrived while history was on its way are newer than (or equal to) what it holds.
      this.bars = mergeCandles(normalizeCandles(raw), normalizeCandles(this.pending.map(asRaw)));
      this.pending = [];
      this.exhausted = false;
      this.sink.setData(this.bars);
      this.updatedAt = this.now();
      this.set({ state: this.bars.length > 0 ? 'ready' : 'empty', error: null });
      // A pinned window may end a while ago (a page kept open, restored from the back/forward cache).
      if (this.bars.length > 0 && this.nowSeconds() - end >= INTERVAL_SECONDS[this.interval])
        void this.refill();
    } catch (error) {
      if (this.stale(generation)) return;
      // Keep showing what we have; the state says it is not fresh.
      this.set({ state: this.bars.length > 0 ? 'ready' : 'error', error: messageOf(error) });
    }
  }

  /** Older bars before the first one, when the user scrolls near the left edge. */
  async loadOlder(): Promise<void> {
    const first = this.bars[0];
    if (!first || this.loadingOlder || this.exhausted || this.state !== 'ready') return;
    if (this.bars.length >= MAX_BARS) {
      this.exhausted = true;
      this.emit();
      return;
    }
    const generation = this.generation;
    this.loadingOlder = true;
    this.emit();
    try {
      const raw = await this.fetchCandles(
        windowEndingAt(this.interval, first.time - 1, OLDER_CHUNK),
        this.abort.signal,
      );
      if (this.stale(generation)) return;
      const older = normalizeCandles(raw).filter((c) => c.time < first.time);
      if (older.length === 0) {
        this.exhausted = true;
      } else {
        this.bars = mergeCandles(older, this.bars);
        this.sink.setData(this.bars);
      }
    } catch (error) {
      if (this.stale(generation)) return;
      this.error = messageOf(error);
    } finally {
      if (!this.stale(generation)) {
        this.loadingOlder = false;
        this.emit();
      }
    }
  }

  /** A live candle from the stream (the seed's WebSocket candle). */
  push(raw: RawCandle): void {
    if (this.disposed) return;
    const bar = toCandle(raw);
    if (!bar) return;
    if (this.state === 'loading' || this.state === 'error') {
      if (this.pending.length < MAX_PENDING) this.pending.push(bar);
      return;
    }
    this.apply(bar);
    this.updatedAt = this.now();
    if (this.state === 'empty') this.state = 'ready';
    this.error = null;
    this.emit();
  }

  /** After a reconnect: fetch from the last bar on and apply what is new, as live bars. */
  async refill(): Promise<void> {
    const last = this.bars[this.bars.length - 1];
    if (!last) return this.load();
    const window = windowBetween(this.interval, last.time, this.nowSeconds());
    if (!window) return this.load();
    const generation = this.generation;
    try {
      const raw = await this.fetchCandles(window, this.abort.signal);
      if (this.stale(generation)) return;
      for (const bar of normalizeCandles(raw)) this.apply(bar);
      this.updatedAt = this.now();
      this.error = null;
      this.emit();
    } catch (error) {
      if (this.stale(generation)) return;
      this.error = messageOf(error);
      this.emit();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.abort.abort();
  }

  private apply(bar: Candle): void {
    const last = this.bars[this.bars.length - 1];
    if (!last || bar.time > last.time) {
      this.bars.push(bar);
      this.sink.update(bar, false);
    } else if (bar.time === last.time) {
      this.bars[this.bars.length - 1] = bar;
      this.sink.update(bar, false);
    } else {
      // A closed candle re-sent with its final values: correct it in place if we hold it.
      const i = findBarIndex(this.bars, bar.time);
      if (i >= 0) {
        this.bars[i] = bar;
        this.sink.update(bar, true);
      }
    }
  }

  private stale(generation: number): boolean {
    return this.disposed || generation !== this.generation;
  }

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  private set(patch: { state: FeedState; error: string | null }): void {
    this.state = patch.state;
    this.error = patch.error;
    this.emit();
  }

  private emit(): void {
    if (this.disposed) return;
    this.snapshot = this.makeSnapshot();
    this.onChange(this.snapshot);
  }

  private makeSnapshot(): FeedSnapshot {
    const n = this.bars.length;
    return {
      state: this.state,
      error: this.error,
      bars: n,
      last: this.bars[n - 1] ?? null,
      previousClose: this.bars[n - 2]?.close ?? null,
      updatedAt: this.updatedAt,
      loadingOlder: this.loadingOlder,
      exhausted: this.exhausted,
    };
  }
}

function asRaw(c: Candle): RawCandle {
  return {
    open_time: c.time,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
  };
}

/** Index of the bar that opens at `time` in sorted bars, or -1. */
export function findBarIndex(bars: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = (bars[mid] as Candle).time;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The candle history could not be loaded.';
}
