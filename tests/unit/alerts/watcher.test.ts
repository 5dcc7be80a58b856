import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '@/lib/client/stream';
import type { PriceEntry, PoolTarget } from '@/lib/features/alerts/model';
import { AlertWatcher, MAX_WATCHED_POOLS, type FiredAlert } from '@/lib/features/alerts/watcher';

const ADDRESS = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const TOPIC = `ohlcv:evm:1:${ADDRESS}:1m`;
const pool = (address = ADDRESS): PoolTarget => ({
  kind: 'pool',
  chainType: 'evm',
  chainId: 1,
  address,
});
const armed = (condition: 'up' | 'down' | 'cross' = 'cross', armedAt = 1) => ({
  condition,
  armedAt,
  firedAt: null,
  firedPrice: null,
});

function candle(close: number | null, openTime = 1_000): StreamMessage {
  return {
    kind: 'event',
    event: 'ohlcv',
    data: {
      chain_type: 'evm',
      chain_id: 1,
      pool_address: ADDRESS,
      token: 'base',
      interval: '1m',
      open_time: openTime,
      open: 1,
      high: 1,
      low: 1,
      close,
      volume: 1,
    },
  };
}

function setup(initial: PriceEntry[]) {
  let entries = initial;
  const handlers = new Map<string, (m: StreamMessage) => void>();
  const fired: FiredAlert[] = [];
  const fetchPrices = vi.fn(
    async (_ids: readonly number[], _fiat: string) => new Map<number, number>(),
  );
  const watcher = new AlertWatcher({
    getEntries: () => entries,
    subscribe: (topic, handler) => {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    },
    fetchPrices,
    onFire: (f) => {
      fired.push(f);
      // As the app does: the store marks it fired.
      entries = entries.map((e) =>
        e.id === f.entry.id && e.alert
          ? { ...e, alert: { ...e.alert, firedAt: f.at, firedPrice: f.price } }
          : e,
      );
    },
    now: () => 42,
    pollMs: 1_000,
  });
  watcher.sync();
  return {
    watcher,
    handlers,
    fired,
    fetchPrices,
    push: (m: StreamMessage) => handlers.get(TOPIC)?.(m),
    set: (next: PriceEntry[]) => {
      entries = next;
      watcher.sync();
    },
  };
}

const entry = (
  id: string,
  price: number,
  alert: PriceEntry['alert'],
  target = pool(),
): PriceEntry => ({
  id,
  target,
  price,
  createdAt: 1,
  alert,
});

describe('AlertWatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the 1m candles of a pool with an armed alert, and fires once when the close crosses', () => {
    const t = setup([entry('a', 100, armed('up'))]);
    expect([...t.handlers.keys()]).toEqual([TOPIC]);
    t.push(candle(99));
    t.push(candle(99.5));
    expect(t.fired).toEqual([]);
    t.push(candle(100.5));
    expect(t.fired).toHaveLength(1);
    expect(t.fired[0]).toMatchObject({ price: 100.5, direction: 'up', at: 42 });
    // Fired: no second time, and nothing left to follow.
    t.set([...[entry('a', 100, { ...armed('up'), firedAt: 42, firedPrice: 100.5 })]]);
    expect(t.handlers.size).toBe(0);
  });

  it('needs a price heard after arming: the first one only sets the side', () => {
    const t = setup([entry('a', 100, armed('cross'))]);
    t.push(candle(101));
    expect(t.fired).toEqual([]);
    // Re-armed later: the price before says nothing.
    t.set([entry('a', 100, armed('cross', 2))]);
    t.push(candle(99));
    expect(t.fired).toEqual([]);
    t.push(candle(101));
    expect(t.fired.map((f) => f.direction)).toEqual(['up']);
  });

  it('ignores closed candles re-sent after a stall, empty closes, and plain lines', () => {
    const t = setup([entry('a', 100, armed('down')), entry('line', 100, null)]);
    t.push(candle(101, 2_000));
    t.push(candle(99, 1_000));
    t.push(candle(null, 2_000));
    expect(t.fired).toEqual([]);
    t.push(candle(99, 2_000));
    expect(t.fired.map((f) => f.entry.id)).toEqual(['a']);
  });

  it('follows at most MAX_WATCHED_POOLS pools and lets go of pools without armed alerts', () => {
    const addresses = Array.from(
      { length: MAX_WATCHED_POOLS + 3 },
      (_, i) => `0x${String(i + 1).padStart(40, '0')}`,
    );
    const t = setup(addresses.map((a, i) => entry(`p${i}`, 1, armed(), pool(a))));
    expect(t.handlers.size).toBe(MAX_WATCHED_POOLS);
    t.set([]);
    expect(t.handlers.size).toBe(0);
  });

  it('polls token prices in the alert fiat and fires on a crossing between polls', async () => {
    const t = setup([
      {
        id: 'tok',
        target: { kind: 'token', id: 7, symbol: 'BTC', fiat: 'EUR' },
        price: 50,
        createdAt: 1,
        alert: armed('up'),
      },
    ]);
    const prices = [40, 45, 55];
    t.fetchPrices.mockImplementation(async () => new Map([[7, prices.shift() ?? 55]]));
    // The first poll went out at once (nothing heard); then 40, 45, 55.
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.fired.map((f) => [f.entry.id, f.price])).toEqual([['tok', 55]]);
    expect(t.fetchPrices).toHaveBeenCalledWith([7], 'EUR');
    // Fired: the poll stops.
    t.set([]);
    const calls = t.fetchPrices.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(t.fetchPrices.mock.calls.length).toBe(calls);
  });
});
