import { describe, expect, it } from 'vitest';
import type { Candle, RawCandle } from '@/lib/chart/rules/candles';
import {
  CandleFeed,
  findBarIndex,
  INITIAL_BARS,
  OLDER_CHUNK,
  type CandleSink,
  type FeedSnapshot,
} from '@/lib/chart/rules/feed';
import {
  INTERVAL_SECONDS,
  MAX_LIMIT,
  windowBetween,
  windowEndingAt,
  type KlineInterval,
} from '@/lib/chart/rules/intervals';
import { simGet } from '../pools/sim-payloads';

const raw = (t: number, close = t, extra: Partial<RawCandle> = {}): RawCandle => ({
  open_time: t,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  ...extra,
});

class Sink implements CandleSink {
  data: Candle[] = [];
  calls: string[] = [];
  setData(bars: readonly Candle[]) {
    // What lightweight-charts needs and does not check in production: ascending, unique times.
    for (let i = 1; i < bars.length; i++)
      expect((bars[i] as Candle).time).toBeGreaterThan((bars[i - 1] as Candle).time);
    this.data = [...bars];
    this.calls.push(`setData:${bars.length}`);
  }
  update(bar: Candle, historical: boolean) {
    const last = this.data[this.data.length - 1];
    if (historical) {
      const i = findBarIndex(this.data, bar.time);
      expect(i).toBeGreaterThanOrEqual(0);
      this.data[i] = bar;
    } else {
      expect(!last || bar.time >= last.time).toBe(true);
      if (last && last.time === bar.time) this.data[this.data.length - 1] = bar;
      else this.data.push(bar);
    }
    this.calls.push(`update:${bar.time}${historical ? ':h' : ''}`);
  }
}

type Fetch = ConstructorParameters<typeof CandleFeed>[1];

function setup(fetch: Fetch, nowMs = 1_000_000_000, interval: KlineInterval = '1m') {
  const sink = new Sink();
  const snapshots: FeedSnapshot[] = [];
  let now = nowMs;
  const feed = new CandleFeed(
    interval,
    fetch,
    sink,
    (s) => snapshots.push(s),
    () => now,
  );
  return { feed, sink, snapshots, setNow: (ms: number) => (now = ms) };
}

describe('history windows', () => {
  it('hold at most the bars asked for, and at most the seed limit', () => {
    for (const interval of ['1s', '1m', '1h', '1M', '1Y'] as const) {
      const w = windowEndingAt(interval, 1_750_000_000, 1000);
      expect(w.limit).toBe(1000);
      expect(Math.floor((w.to - w.from) / INTERVAL_SECONDS[interval]) + 1).toBeLessThanOrEqual(
        1000,
      );
    }
    expect(windowEndingAt('1m', 100, 99_999)).toEqual({ from: 0, to: 100, limit: MAX_LIMIT });
    expect(windowBetween('1s', 0, 10_000)).toBeNull();
    expect(windowBetween('1m', 600, 1200)).toEqual({ from: 600, to: 1200, limit: 12 });
  });
});

describe('CandleFeed', () => {
  it('loads the latest window, validated: unsorted, duplicate and null bars never reach the chart', async () => {
    const asked: { from: number; to: number; limit: number }[] = [];
    const { feed, sink, snapshots } = setup(async (w) => {
      asked.push(w);
      return [
        raw(180),
        raw(60),
        raw(120, 1),
        raw(120, 2),
        raw(240, 0, { open: null, high: null, low: null, close: null }),
      ];
    });
    await feed.load();
    // 300 one-minute bars ending now (1,000,000 s): from = 1,000,000 - 299 × 60.
    expect(INITIAL_BARS).toBe(300);
    expect(asked).toEqual([{ from: 982_060, to: 1_000_000, limit: 300 }]);
    expect(sink.data.map((b) => [b.time, b.close])).toEqual([
      [60, 60],
      [120, 2],
      [180, 180],
    ]);
    expect(snapshots.map((s) => s.state)).toEqual(['loading', 'ready']);
    expect(feed.getSnapshot()).toMatchObject({ bars: 3, previousClose: 2, last: { time: 180 } });
  });

  it('keeps pushes that arrive before history and applies live ones with update()', async () => {
    let release: (v: RawCandle[]) => void = () => undefined;
    const { feed, sink } = setup(() => new Promise((r) => (release = r)));
    const loading = feed.load();
    feed.push(raw(180, 5));
    feed.push(raw(240, 6));
    release([raw(60), raw(120), raw(180)]);
    await loading;
    expect(sink.data.map((b) => [b.time, b.close])).toEqual([
      [60, 60],
      [120, 120],
      [180, 5],
      [240, 6],
    ]);
    feed.push(raw(240, 7));
    feed.push(raw(300, 8));
    // A closed candle re-sent with its final values corrects the bar in place.
    feed.push(raw(180, 9));
    // One the chart does not hold is ignored (update() cannot insert into the past).
    feed.push(raw(90, 1));
    feed.push({ open_time: 360, open: null, high: null, low: null, close: null });
    expect(sink.calls.slice(1)).toEqual(['update:240', 'update:300', 'update:180:h']);
    expect(sink.data.map((b) => b.close)).toEqual([60, 120, 9, 7, 8]);
  });

  it('refills the gap after a reconnect from the last bar on, and reloads when the gap is too long for one query', async () => {
    const asked: { from: number; to: number; limit: number }[] = [];
    const { feed, sink, setNow } = setup(async (w) => {
      asked.push(w);
      return asked.length === 1 ? [raw(600), raw(660)] : [raw(660, 1), raw(720, 2), raw(780, 3)];
    }, 700_000);
    await feed.load();
    setNow(790_000);
    await feed.refill();
    expect(asked[1]).toEqual({ from: 660, to: 790, limit: 4 });
    expect(sink.calls).toEqual(['setData:2', 'update:660', 'update:720', 'update:780']);
    setNow(790_000 + 6000 * 60_000);
    await feed.refill();
    // A gap longer than one query: the latest window replaces the bars (no hole in the middle).
    expect(asked[2]?.limit).toBe(INITIAL_BARS);
    expect(sink.calls.at(-1)).toBe('setData:3');
  });

  it('loads older history before the first bar, merged in order, until there is none', async () => {
    const asked: { from: number; to: number; limit: number }[] = [];
    const { feed, sink } = setup(async (w) => {
      asked.push(w);
      if (asked.length === 1) return [raw(6000), raw(6060)];
      if (asked.length === 2) return [raw(5880), raw(5940), raw(6000, 1)];
      return [];
    });
    await feed.load();
    await Promise.all([feed.loadOlder(), feed.loadOlder()]);
    expect(asked).toHaveLength(2);
    // 2,000 bars ending just before the oldest loaded (6000 s): they would start before 0.
    expect(asked[1]).toEqual({ from: 0, to: 5999, limit: 2000 });
    expect(sink.data.map((b) => [b.time, b.close])).toEqual([
      [5880, 5880],
      [5940, 5940],
      [6000, 6000],
      [6060, 6060],
    ]);
    await feed.loadOlder();
    expect(feed.getSnapshot()).toMatchObject({ exhausted: true, loadingOlder: false });
    await feed.loadOlder();
    expect(asked).toHaveLength(3);
  });

  it('keeps the bars it has when a reload fails, and shows the error when it has none', async () => {
    let fail = false;
    const { feed } = setup(async () => {
      if (fail) throw new Error('kline service unavailable: connection failed');
      return [raw(60)];
    });
    await feed.load();
    fail = true;
    await feed.load();
    expect(feed.getSnapshot()).toMatchObject({
      state: 'ready',
      bars: 1,
      error: 'kline service unavailable: connection failed',
    });

    const empty = setup(async () => Promise.reject(new Error('HTTP 502')));
    await empty.feed.load();
    expect(empty.feed.getSnapshot()).toMatchObject({ state: 'error', bars: 0, error: 'HTTP 502' });
  });

  it('after dispose, a late answer changes nothing (switching pools or intervals leaks no update)', async () => {
    let release: (v: RawCandle[]) => void = () => undefined;
    let signal: AbortSignal | null = null;
    const { feed, sink, snapshots } = setup((_, s) => {
      signal = s;
      return new Promise((r) => (release = r));
    });
    const loading = feed.load();
    feed.dispose();
    expect(signal!.aborted).toBe(true);
    release([raw(60)]);
    await loading;
    feed.push(raw(120));
    expect(sink.calls).toEqual([]);
    expect(snapshots.map((s) => s.state)).toEqual(['loading']);
  });

  it('refills when a window pinned by the server ends more than one interval ago', async () => {
    const asked: { from: number; to: number; limit: number }[] = [];
    const { feed } = setup(async (w) => {
      asked.push(w);
      return [raw(w.to - (w.to % 60))];
    }, 1_000_000);
    await feed.load(1_000_000 / 1000 - 30);
    expect(asked).toHaveLength(1);
    await feed.load(1_000_000 / 1000 - 600);
    await Promise.resolve();
    expect(asked).toHaveLength(3);
    expect(asked[2]?.to).toBe(1000);
  });

  it('reads the simulator’s history and candles as the chart needs them', async () => {
    const now = Math.floor(Date.now() / 1000);
    const fetch: Fetch = (w) =>
      simGet<RawCandle[]>(
        `/kline/api/v1/kline/ohlcv?interval=1h&from=${w.from}&to=${w.to}&limit=${w.limit}&chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`,
      );
    const { feed, sink } = setup(fetch, now * 1000, '1h');
    await feed.load();
    // The window spans INITIAL_BARS hours up to now (not aligned): INITIAL_BARS - 1 closed hours and the current one, or so.
    const first = sink.data.length;
    expect(first).toBeGreaterThanOrEqual(INITIAL_BARS - 1);
    expect(first).toBeLessThanOrEqual(INITIAL_BARS);
    expect(
      sink.data.every(
        (b) =>
          b.time % 3600 === 0 &&
          b.low <= Math.min(b.open, b.close) &&
          b.high >= Math.max(b.open, b.close),
      ),
    ).toBe(true);
    const firstTime = sink.data[0]?.time as number;
    await feed.loadOlder();
    const older = sink.data.filter((b) => b.time < firstTime).length;
    expect(older).toBeGreaterThanOrEqual(OLDER_CHUNK - 1);
    expect(sink.data.length).toBe(first + older);
  });
});
