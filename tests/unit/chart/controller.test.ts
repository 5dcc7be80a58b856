import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '@/lib/client/stream';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { RawCandle } from '@/lib/chart/rules/candles';
import {
  INTERVAL_SECONDS,
  type HistoryWindow,
  type KlineInterval,
} from '@/lib/chart/rules/intervals';
import { charts, watermarks, type FakeChart } from './fake-lightweight-charts';

vi.mock('lightweight-charts', () => import('./fake-lightweight-charts'));

/** The tab's one stream, faked: who listens to which topic, and a way to speak on it. */
const stream = vi.hoisted(() => {
  const listeners = new Map<string, Set<(m: unknown) => void>>();
  return {
    listeners,
    subscribe(topic: string, handler: (m: unknown) => void) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) listeners.delete(topic);
      };
    },
  };
});
vi.mock('@/lib/client/stream', () => ({ streamClient: () => stream }));

const { ChartController } = await import('@/lib/chart/draw/controller');
type Controller = InstanceType<typeof ChartController>;

const POOL: PoolRef = { chainType: 'evm', chainId: 1, address: '0x' + 'ab'.repeat(20) };
const TOPIC_15M = `ohlcv:evm:1:${POOL.address}:15m`;
const TOPIC_1H = `ohlcv:evm:1:${POOL.address}:1h`;
/** The pool's first candle: history before it is empty. */
const EARLIEST = 1_600_000_000;

/** The upstream's candles in a window: one per interval, at aligned times, none before EARLIEST. */
function history(interval: KlineInterval, window: HistoryWindow): RawCandle[] {
  const step = INTERVAL_SECONDS[interval];
  const out: RawCandle[] = [];
  const first = Math.ceil(Math.max(window.from, EARLIEST) / step) * step;
  for (let t = first; t <= window.to && out.length < window.limit; t += step) {
    const close = 100 + ((t / step) % 17);
    out.push({ open_time: t, open: close - 1, high: close + 2, low: close - 2, close, volume: 5 });
  }
  return out;
}

function live(interval: KlineInterval, time: number, close: number): StreamMessage {
  return {
    kind: 'event',
    event: 'ohlcv',
    data: {
      chain_type: 'evm',
      chain_id: 1,
      pool_address: POOL.address,
      token: 'base',
      interval,
      open_time: time,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    },
  };
}

function say(topic: string, message: StreamMessage): void {
  for (const handler of stream.listeners.get(topic) ?? []) handler(message);
}

interface Call {
  interval: KlineInterval;
  window: HistoryWindow;
  signal: AbortSignal;
}

let calls: Call[];
let figure: { dataset: Record<string, string> };
let controllers: Controller[];

function make(options: Partial<ConstructorParameters<typeof ChartController>[0]> = {}) {
  const controller = new ChartController({
    container: { clientWidth: 800 } as unknown as HTMLElement,
    figure: figure as unknown as HTMLElement,
    style: 'candles',
    volume: true,
    tz: 'utc',
    fetchHistory: (_pool, interval, window, signal) => {
      calls.push({ interval, window, signal });
      return Promise.resolve(history(interval, window));
    },
    loadCompare: () => import('@/lib/chart/draw/compare-series').then((m) => m.ChartCompare),
    ...options,
  });
  controllers.push(controller);
  const chart = charts.at(-1) as FakeChart;
  return { controller, chart };
}

const times = (chart: FakeChart) => chart.mainData().map((p) => p.time);

beforeEach(() => {
  charts.length = 0;
  watermarks.length = 0;
  stream.listeners.clear();
  calls = [];
  controllers = [];
  figure = { dataset: {} };
  vi.stubGlobal('getComputedStyle', () => ({ getPropertyValue: () => '' }));
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 0));
});

afterEach(() => {
  for (const c of controllers) c.dispose();
  vi.unstubAllGlobals();
});

describe('ChartController', () => {
  it('loads history into the price series and listens to the interval’s topic', async () => {
    const snapshots: string[] = [];
    const { controller, chart } = make({ onSnapshot: (s) => snapshots.push(s.state) });
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));

    expect(calls).toHaveLength(1);
    expect(calls[0]?.interval).toBe('15m');
    const expected = history('15m', calls[0]!.window).map((c) => c.open_time);
    expect(times(chart)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
    // The volume follows the same bars, under the price in its pane, on a scale of its own.
    const volume = chart.live().find((s) => s.type === 'Histogram');
    expect(volume?.data.map((p) => p.time)).toEqual(expected);
    expect(volume?.pane).toBe(0);
    expect(volume?.options.priceScaleId).toBe('volume');
    expect(chart.priceScaleOptions.scaleMargins).toEqual({ top: 0.12, bottom: 0.26 });
    expect([...stream.listeners.keys()]).toEqual([TOPIC_15M]);
    expect(snapshots.at(0)).toBe('loading');
    expect(snapshots.at(-1)).toBe('ready');
    expect(controller.lastClose()).toBe(chart.mainData().at(-1)?.close);
  });

  it('answers the first request with the inlined candles, without a fetch', async () => {
    const { controller, chart } = make();
    const to = Math.floor(Date.now() / 1000 / 900) * 900;
    const inlined = history('15m', { from: to - 9 * 900, to, limit: 10 });
    controller.load(POOL, '15m', to, inlined);
    await vi.waitFor(() => expect(controller.snapshot().bars).toBe(10));
    expect(calls.filter((c) => c.window.to === to)).toHaveLength(0);
    expect(times(chart)).toEqual(inlined.map((c) => c.open_time));
  });

  it('swaps the interval without a new chart: new data, new topic, the old feed silenced', async () => {
    const snapshots: KlineInterval[] = [];
    const { controller, chart } = make({ onSnapshot: (_s, interval) => snapshots.push(interval) });
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const fifteen = chart.mainData().at(-1)!.time;

    controller.load(POOL, '1h');
    expect(controller.interval).toBe('1h');
    // The old feed's request is cancelled, and its topic dropped for the new one.
    expect(calls[0]?.signal.aborted).toBe(true);
    expect([...stream.listeners.keys()]).toEqual([TOPIC_1H]);
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));

    expect(charts).toHaveLength(1);
    expect(chart.removed).toBe(false);
    expect(calls.at(-1)?.interval).toBe('1h');
    expect(times(chart).every((t) => t % 3600 === 0)).toBe(true);
    // One price series and one volume series: the swap added none.
    expect(chart.live().map((s) => s.type)).toEqual(['Candlestick', 'Histogram']);
    // A late push for the old interval changes nothing.
    const before = chart.mainData().length;
    say(TOPIC_15M, live('15m', fifteen + 900, 1));
    expect(chart.mainData().length).toBe(before);
    expect(snapshots.at(-1)).toBe('1h');
  });

  it('merges pushes that arrive while history is on its way', async () => {
    let release: (candles: RawCandle[]) => void = () => undefined;
    const { controller, chart } = make({
      fetchHistory: (_pool, interval, window, signal) => {
        calls.push({ interval, window, signal });
        return new Promise((resolve) => (release = resolve));
      },
    });
    controller.load(POOL, '15m');
    const window = calls[0]!.window;
    const candles = history('15m', window);
    const last = candles.at(-1)!.open_time as number;
    // The last bar again with a newer close, and the next one.
    say(TOPIC_15M, live('15m', last, 999));
    say(TOPIC_15M, live('15m', last + 900, 1000));
    expect(chart.mainData()).toHaveLength(0);

    release(candles);
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    expect(times(chart)).toEqual([...candles.map((c) => c.open_time), last + 900]);
    expect(chart.mainData().at(-2)?.close).toBe(999);
    expect(chart.mainData().at(-1)?.close).toBe(1000);
  });

  it('applies live pushes: the last bar changes, a new bar is added, other intervals ignored', async () => {
    const errors: (string | null)[] = [];
    const { controller, chart } = make({ onLiveError: (m) => errors.push(m) });
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const n = chart.mainData().length;
    const last = chart.mainData().at(-1)!.time;

    say(TOPIC_15M, live('15m', last, 500));
    expect(chart.mainData()).toHaveLength(n);
    expect(chart.mainData().at(-1)).toMatchObject({ time: last, close: 500 });

    say(TOPIC_15M, live('15m', last + 900, 501));
    expect(chart.mainData()).toHaveLength(n + 1);
    expect(controller.snapshot()).toMatchObject({ bars: n + 1, previousClose: 500 });
    expect(controller.lastClose()).toBe(501);

    // A candle of another interval on this topic is not this chart's.
    say(TOPIC_15M, live('1h', last + 3600, 7));
    expect(chart.mainData()).toHaveLength(n + 1);

    say(TOPIC_15M, { kind: 'error', code: 429, message: 'too many topics' });
    expect(errors.at(-1)).toBe('too many topics');
    say(TOPIC_15M, live('15m', last + 900, 502));
    expect(errors.at(-1)).toBeNull();
  });

  it('refills from history after the stream reconnects', async () => {
    const { controller } = make();
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const last = controller.snapshot().last!.time;
    say(TOPIC_15M, { kind: 'reconnected' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.window.from).toBe(last);
  });

  it('loads older bars when the view scrolls near the first bar, until history ends', async () => {
    const { controller, chart } = make();
    controller.load(POOL, '1d');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const first = chart.mainData()[0]!.time;
    const n = chart.mainData().length;
    expect(calls).toHaveLength(1);

    // Far from the first bar: nothing more.
    chart.scale.setVisibleLogicalRange({ from: 100, to: 180 });
    expect(calls).toHaveLength(1);

    chart.scale.setVisibleLogicalRange({ from: 5, to: 85 });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.window.to).toBe(first - 1);
    await vi.waitFor(() => expect(controller.snapshot().loadingOlder).toBe(false));
    const older = chart.mainData().length - n;
    expect(older).toBeGreaterThan(0);
    expect(chart.mainData()[older]?.time).toBe(first);
    const all = times(chart);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(all[0]).toBeGreaterThanOrEqual(EARLIEST);
  });

  it('on dispose removes the chart and stops listening, and ignores later calls', async () => {
    const { controller, chart } = make();
    controller.load(POOL, '15m');
    controller.setCompare([{ ...POOL, address: '0x' + 'cd'.repeat(20) }]);
    // The comparison's code loads on its first use.
    await vi.waitFor(() => expect(calls.length).toBe(2));
    const pending = calls.map((c) => c.signal);
    expect(stream.listeners.size).toBe(2);

    controller.dispose();
    expect(chart.removed).toBe(true);
    expect(stream.listeners.size).toBe(0);
    expect(pending.every((s) => s.aborted)).toBe(true);
    expect(chart.crosshairListeners.size).toBe(0);
    expect(chart.scale.rangeListeners.size).toBe(0);

    controller.load(POOL, '1h');
    controller.setCrosshairTime(0);
    expect(calls).toHaveLength(2);
    expect(stream.listeners.size).toBe(0);
    expect(charts).toHaveLength(1);
  });

  it('puts the crosshair on the bar that holds a time from another chart, and tells the legend', async () => {
    const hovers: (number | null)[] = [];
    const { controller, chart } = make({ onHover: (h) => hovers.push(h?.bar.time ?? null) });
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const bar = chart.mainData().at(-3)!;

    controller.setCrosshairTime(bar.time + 450);
    expect(chart.crosshair).toEqual({ price: bar.close, time: bar.time });
    expect(hovers.at(-1)).toBe(bar.time);
    expect(figure.dataset.crosshair).toBe(String(bar.time));

    controller.setCrosshairTime(null);
    expect(chart.crosshair).toBeNull();
    expect(hovers.at(-1)).toBeNull();
    expect(figure.dataset.crosshair).toBe('');
  });

  it('follows the pointer: the hovered bar to the legend, its time to charts that follow', async () => {
    const hovers: (number | null)[] = [];
    const followed: (number | null)[] = [];
    const { controller, chart } = make({
      onHover: (h) => hovers.push(h?.bar.time ?? null),
      onCrosshairTime: (t) => followed.push(t),
    });
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const index = 250;
    const bar = chart.mainData()[index]!;

    // The fake draws bar i at x = 10 i, 10 px wide: 2 px right of its centre is 0.7 into its time.
    chart.moveCrosshair({ time: bar.time, point: { x: index * 10 + 2, y: 50 }, sourceEvent: {} });
    expect(hovers.at(-1)).toBe(bar.time);
    expect(followed.at(-1)).toBe(bar.time + 0.7 * 900);
    expect(figure.dataset.crosshair).toBe(String(bar.time));

    chart.moveCrosshair({});
    expect(hovers.at(-1)).toBeNull();
    expect(followed.at(-1)).toBeNull();
    expect(figure.dataset.crosshair).toBe('');
    // Where the bars lie across the pane, for the browser tests: 10 px apart, from 0.
    const last = chart.mainData().length - 1;
    expect(figure.dataset.extent).toBe(`0.000:${((last * 10) / 800).toFixed(3)}`);
  });

  it('shows percent while pools are compared, the chosen scale after', async () => {
    const { controller } = make({ scale: 'log' });
    controller.load(POOL, '15m');
    expect(figure.dataset.scale).toBe('log');
    controller.setCompare([{ ...POOL, address: '0x' + 'cd'.repeat(20) }]);
    await vi.waitFor(() => expect(figure.dataset.scale).toBe('pct'));
    controller.setCompare([]);
    expect(figure.dataset.scale).toBe('log');
  });

  it('a comparison ended while its code loads draws nothing; the last list asked wins; none without the code', async () => {
    const { controller } = make({ scale: 'log' });
    controller.load(POOL, '15m');
    const other = { ...POOL, address: '0x' + 'cd'.repeat(20) };
    // The chart is created with no comparison: its code is not asked for then.
    controller.setCompare([]);
    controller.setCompare([other]);
    controller.setCompare([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(figure.dataset.scale).toBe('log');
    expect(calls).toHaveLength(1);
    controller.setCompare([other]);
    controller.setCompare([other, { ...POOL, address: '0x' + 'ef'.repeat(20) }]);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(figure.dataset.scale).toBe('pct');

    // A chart given no comparison code (the widget) compares nothing.
    const bare = make({ scale: 'log', loadCompare: undefined }).controller;
    bare.load(POOL, '15m');
    bare.setCompare([other]);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(4);
  });

  it('names each indicator pane in its corner (RSI, MACD), not the overlays, and drops the name with the pane', async () => {
    const { controller, chart } = make();
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    controller.setStudies([
      { kind: 'ema', period: 20 },
      { kind: 'rsi', period: 14 },
      { kind: 'macd', period: 12 },
    ]);
    const shown = () => watermarks.filter((w) => !w.detached);
    expect(shown().map((w) => w.lines.map((l) => l.text).join(' '))).toEqual([
      'RSI 14',
      'MACD 12 26 9',
    ]);
    // Below the price (0, the volume drawn under it): each in the pane its series were drawn in.
    expect(shown().map((w) => w.pane.index)).toEqual([1, 2]);
    // RSI's 70 and 30 are dotted lines without axis badges: in a short pane three badges (70, the
    // value, 30) would pile over the scale; the value keeps its badge.
    const rsi = chart.live().find((s) => s.pane === 1);
    expect(rsi?.options.lastValueVisible).toBe(true);
    expect(rsi?.priceLines.map((l) => [l.price, l.axisLabelVisible])).toEqual([
      [70, false],
      [30, false],
    ]);

    controller.setStudies([{ kind: 'ema', period: 20 }]);
    expect(shown()).toEqual([]);
    controller.setStudies([{ kind: 'rsi', period: 7 }]);
    expect(shown().map((w) => w.lines[0]?.text)).toEqual(['RSI 7']);
  });

  it('changes style in place, keeping the bars', async () => {
    const { controller, chart } = make();
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    const before = times(chart);
    controller.setStyle('line');
    expect(charts).toHaveLength(1);
    expect(chart.main()?.type).toBe('Line');
    expect(times(chart)).toEqual(before);
    // The line replaced the candles; the volume stayed.
    expect(chart.live().map((s) => s.type)).toEqual(['Histogram', 'Line']);
  });

  it('hides and shows the volume without touching the indicator panes', async () => {
    const { controller, chart } = make();
    controller.load(POOL, '15m');
    await vi.waitFor(() => expect(controller.snapshot().state).toBe('ready'));
    controller.setStudies([{ kind: 'rsi', period: 14 }]);
    const rsi = chart.live().find((s) => s.pane === 1);
    controller.setVolume(false);
    expect(chart.live().some((s) => s.type === 'Histogram')).toBe(false);
    // The price takes the room the volume had.
    expect(chart.priceScaleOptions.scaleMargins).toEqual({ top: 0.12, bottom: 0.08 });
    expect(chart.live().find((s) => s.pane === 1)).toBe(rsi);
    controller.setVolume(true);
    const volume = chart.live().find((s) => s.type === 'Histogram');
    expect(volume?.data).toHaveLength(chart.mainBars());
    expect(chart.priceScaleOptions.scaleMargins).toEqual({ top: 0.12, bottom: 0.26 });
    expect(chart.live().find((s) => s.pane === 1)).toBe(rsi);
  });
});
