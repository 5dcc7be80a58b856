import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamClient, type StreamMessage } from '@/lib/client/stream';

/** A stand-in for the browser's EventSource that records every instance. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  fail() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
  emit(name: string, data: unknown, id: string) {
    const event = new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id });
    for (const fn of this.listeners.get(name) ?? []) fn(event);
    // As in the browser, a server event named `error` also reaches the `onerror` handler.
    if (name === 'error') this.onerror?.(event);
  }
  get topics() {
    return new URL(this.url, 'http://x').searchParams.getAll('topic');
  }
  get live() {
    return this.readyState !== FakeEventSource.CLOSED;
  }
}

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const candle = {
  chain_type: 'evm',
  chain_id: 1,
  pool_address: POOL,
  token: 'base',
  interval: '1m',
  open_time: 60,
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 1,
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StreamClient: one EventSource per tab', () => {
  it('gathers the topics of hooks mounted together into one stream', () => {
    const client = new StreamClient();
    client.subscribe(`ohlcv:evm:1:${POOL}:1m`, () => undefined);
    client.subscribe('tx', () => undefined);
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.topics.sort()).toEqual([`ohlcv:evm:1:${POOL}:1m`, 'tx']);
  });

  it('reopens with the new topic set and the last event id, never holding two streams', () => {
    const client = new StreamClient();
    const unsubscribe = client.subscribe(`ohlcv:evm:1:${POOL}:1m`, () => undefined);
    vi.advanceTimersByTime(50);
    const first = FakeEventSource.instances[0]!;
    first.open();
    first.emit('ohlcv', candle, 'boot.41');

    client.subscribe('tx', () => undefined);
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.live).toBe(false);
    const second = FakeEventSource.instances[1]!;
    expect(new URL(second.url, 'http://x').searchParams.get('lastEventId')).toBe('boot.41');
    expect(FakeEventSource.instances.filter((s) => s.live)).toHaveLength(1);

    unsubscribe();
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.instances.at(-1)!.topics).toEqual(['tx']);
    expect(FakeEventSource.instances.filter((s) => s.live)).toHaveLength(1);
  });

  it('routes candles to their topic and transactions once to every tx handler', () => {
    const client = new StreamClient();
    const candles: StreamMessage[] = [];
    const other: StreamMessage[] = [];
    const txs: StreamMessage[] = [];
    client.subscribe(`ohlcv:ethereum:1:${POOL.toUpperCase().replace('0X', '0x')}:1m`, (m) =>
      candles.push(m),
    );
    client.subscribe(`ohlcv:evm:1:${POOL}:1h`, (m) => other.push(m));
    const both = (m: StreamMessage) => txs.push(m);
    client.subscribe('tx', both);
    client.subscribe('tx:ethereum:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', both);
    vi.advanceTimersByTime(50);
    const source = FakeEventSource.instances[0]!;
    source.open();
    source.emit('ohlcv', candle, 'b.1');
    source.emit(
      'transaction',
      { chain_type: 'ethereum', chain_id: 1, tx_hash: '0x1', listenAddress: [] },
      'b.2',
    );
    expect(candles).toHaveLength(1);
    expect(other).toHaveLength(0);
    expect(txs).toHaveLength(1);
  });

  it('tells listeners to refill from history after the stream or the upstream link comes back', () => {
    const client = new StreamClient();
    const seen: StreamMessage['kind'][] = [];
    client.subscribe(`ohlcv:evm:1:${POOL}:1m`, (m) => seen.push(m.kind));
    vi.advanceTimersByTime(50);
    const source = FakeEventSource.instances[0]!;
    source.open();
    source.fail();
    source.open();
    expect(seen).toEqual(['reconnected']);
    source.emit('status', { service: 'kline', state: 'reconnecting' }, 'b.3');
    source.emit('status', { service: 'kline', state: 'connected' }, 'b.4');
    expect(seen).toEqual(['reconnected', 'reconnected']);
    expect(client.getStatus().services.kline).toBe('connected');
  });
});

describe('StreamClient: the state every live mark follows', () => {
  it("a refused topic (the server's `error` event) is not an outage", () => {
    const client = new StreamClient();
    const messages: StreamMessage[] = [];
    client.subscribe(`ohlcv:evm:1:${POOL}:1m`, (m) => messages.push(m));
    vi.advanceTimersByTime(50);
    const source = FakeEventSource.instances[0]!;
    source.open();
    source.emit('error', { topic: `ohlcv:evm:1:${POOL}:1m`, code: 4001, message: 'no' }, 'a.1');
    expect(client.getStatus().state).toBe('open');
    expect(messages.map((m) => m.kind)).toContain('error');
  });

  it('a cluster server streaming alone while its Redis is away says so, and says when it is back', () => {
    const client = new StreamClient();
    const seen: StreamMessage['kind'][] = [];
    client.subscribe('tx', (m) => seen.push(m.kind));
    vi.advanceTimersByTime(50);
    const source = FakeEventSource.instances[0]!;
    source.open();
    expect(client.getStatus().cluster).toBeUndefined();
    source.emit('status', { service: 'cluster', state: 'local', detail: 'unreachable' }, '');
    expect(client.getStatus().cluster).toBe('local');
    expect(client.getStatus().state).toBe('open');
    source.emit('status', { service: 'cluster', state: 'cluster', detail: null }, '7-0');
    source.emit('status', { service: 'stream', state: 'resync', detail: null }, '7-0');
    expect(client.getStatus().cluster).toBe('cluster');
    // Back on the cluster, what happened meanwhile is refilled from history.
    expect(seen).toEqual(['reconnected']);
  });
});
