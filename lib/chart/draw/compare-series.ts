/**
 * Other pools drawn on the chart as lines of their closes, for comparison (the chart is in percent
 * mode meanwhile: lib/chart/draw/controller.ts). Each line is fed exactly as the main series is: a
 * CandleFeed (lib/chart/rules/feed.ts) for its history over the candles API, and the `ohlcv`
 * topic of the tab's one stream for its live candles. The maths of the legend is in
 * lib/chart/rules/compare.ts.
 */
import { LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Candle, RawCandle } from '../rules/candles';
import { CandleFeed, type FeedState } from '../rules/feed';
import type { HistoryWindow, KlineInterval } from '../rules/intervals';
import { COMPARE_COLORS, changeSince, type ChangeSince } from '../rules/compare';
import { streamClient, type StreamMessage } from '../../client/stream';
import { topicKey } from '../../contracts/stream/topics';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';

export type FetchPoolHistory = (
  pool: PoolRef,
  interval: KlineInterval,
  window: HistoryWindow,
  signal: AbortSignal,
) => Promise<readonly RawCandle[]>;

/** One compared pool, as the legend and the figure's `data-compare` show it. */
export interface CompareRow {
  /** `chain_type:chain_id:address` */
  key: string;
  pool: PoolRef;
  color: string;
  state: FeedState;
  /** why its candles or its live updates are missing */
  error: string | null;
  bars: number;
  /** its latest close, in its own quote currency */
  last: number | null;
  /** its change from the first visible bar (the hovered bar's, or the last) */
  change: ChangeSince | null;
}

interface Line {
  key: string;
  pool: PoolRef;
  color: string;
  series: ISeriesApi<'Line'>;
  feed: CandleFeed | null;
  unsubscribe: (() => void) | null;
  liveError: string | null;
}

const point = (b: Candle) => ({ time: b.time as UTCTimestamp, value: b.close });

export class ChartCompare {
  private lines: Line[] = [];
  private interval: KlineInterval | null = null;

  constructor(
    private readonly chart: IChartApi,
    private readonly fetchHistory: FetchPoolHistory,
    /** something a row shows changed (history, a live candle, a refusal) */
    private readonly onChange: () => void,
  ) {}

  get size(): number {
    return this.lines.length;
  }

  /** Compares these pools: lines of pools no longer named go, new ones load; the others stay. */
  set(pools: readonly PoolRef[]): void {
    const keys = new Set(pools.map(poolKey));
    for (const line of this.lines.filter((l) => !keys.has(l.key))) this.drop(line);
    this.lines = this.lines.filter((l) => keys.has(l.key));
    for (const pool of pools) {
      const key = poolKey(pool);
      if (this.lines.some((l) => l.key === key)) continue;
      // A colour of its own that no other line has, kept for as long as the line is on.
      const taken = new Set(this.lines.map((l) => l.color));
      const color = COMPARE_COLORS.find((c) => !taken.has(c)) ?? COMPARE_COLORS[0];
      const series = this.chart.addSeries(
        LineSeries,
        {
          color,
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: true,
          // The main series draws the 0 % line; one is enough.
          baseLineVisible: false,
          crosshairMarkerRadius: 3,
        },
        0,
      );
      const line: Line = {
        key,
        pool,
        color,
        series,
        feed: null,
        unsubscribe: null,
        liveError: null,
      };
      this.lines.push(line);
      if (this.interval) this.start(line, this.interval);
    }
    this.onChange();
  }

  /** Every line at this interval (the main series changed interval). */
  load(interval: KlineInterval): void {
    this.interval = interval;
    for (const line of this.lines) this.start(line, interval);
  }

  /** Older history for lines that begin after `from` (the first visible time) or when asked. */
  loadOlder(from: number | null, force: boolean): void {
    for (const line of this.lines) {
      const first = line.feed?.getBars()[0];
      if (force || (first && from !== null && first.time > from)) void line.feed?.loadOlder();
    }
  }

  retry(): void {
    for (const line of this.lines) {
      const feed = line.feed;
      if (feed) void (feed.getSnapshot().bars > 0 ? feed.refill() : feed.load());
    }
  }

  rows(from: number | null, at: number | null): CompareRow[] {
    return this.lines.map((l) => {
      const s = l.feed?.getSnapshot();
      const bars = l.feed?.getBars() ?? [];
      return {
        key: l.key,
        pool: l.pool,
        color: l.color,
        state: s?.state ?? 'loading',
        error: s?.error ?? l.liveError,
        bars: bars.length,
        last: s?.last?.close ?? null,
        change: changeSince(bars, from, at),
      };
    });
  }

  dispose(): void {
    for (const line of this.lines) this.drop(line);
    this.lines = [];
  }

  private start(line: Line, interval: KlineInterval): void {
    line.unsubscribe?.();
    line.feed?.dispose();
    line.liveError = null;
    line.series.setData([]);
    const { pool, series } = line;
    const feed = new CandleFeed(
      interval,
      (window, signal) => this.fetchHistory(pool, interval, window, signal),
      {
        setData: (bars) => series.setData(bars.map(point)),
        update: (bar, historical) => series.update(point(bar), historical),
      },
      () => {
        if (line.feed === feed) this.onChange();
      },
    );
    line.feed = feed;
    const topic = topicKey.ohlcv(pool.chainType, pool.chainId, pool.address, interval);
    try {
      line.unsubscribe = streamClient().subscribe(topic, (m) => this.onStream(line, feed, m));
    } catch (error) {
      // parseCompare only lets valid topics through; should one fail, the line still has history.
      line.liveError = error instanceof Error ? error.message : 'No live updates for this pool.';
    }
    void feed.load();
  }

  private onStream(line: Line, feed: CandleFeed, message: StreamMessage): void {
    if (line.feed !== feed) return;
    if (message.kind === 'event') {
      if (message.event !== 'ohlcv' || message.data.interval !== feed.interval) return;
      line.liveError = null;
      feed.push(message.data);
    } else if (message.kind === 'reconnected') {
      void feed.refill();
    } else {
      line.liveError = message.message;
      this.onChange();
    }
  }

  private drop(line: Line): void {
    line.unsubscribe?.();
    line.feed?.dispose();
    this.chart.removeSeries(line.series);
  }
}
