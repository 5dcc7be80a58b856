/**
 * The kline side of the stream hub: one upstream socket per process, reference-counted
 * subscriptions. The first viewer of a pool and interval subscribes upstream, the last one to leave
 * unsubscribes; since a `subscribe` for a pool overwrites its interval set (seed), the hub always
 * sends the union of the intervals its viewers need. Errors reach only the viewers of that pool.
 */
import { reportSchemaDrop } from './schema-drop';
import { normalizeKlineChainType } from '../../contracts/chain-types';
import { ohlcvKeyOf, topicKey } from '../../contracts/stream/topics';
import { WsCandle } from '../../contracts/kline/schema';
import type { LiveCandle } from '../../contracts/stream/events';
import type { LinkState, ResilientSocket } from '../../upstream/resilient-socket';

export interface OhlcvTarget {
  chainType: string;
  chainId: number;
  pool: string;
  interval: string;
}

type KlineEvent =
  | { type: 'ohlcv'; key: string; candle: LiveCandle; snapshot: boolean }
  | { type: 'error'; key: string; code: number; message: string };

type Listener = (event: KlineEvent) => void;

interface PoolSubscription {
  chainType: string;
  chainId: number;
  pool: string;
  /** interval -> listeners */
  intervals: Map<string, Set<Listener>>;
  /** last candle per interval, for viewers who join an already-subscribed pool */
  last: Map<string, LiveCandle>;
  /** interval set last sent upstream, to avoid redundant subscribes */
  sent: string;
}

export class KlineHub {
  private readonly pools = new Map<string, PoolSubscription>();
  /** correlation id of a pending subscribe -> pool key */
  private readonly pending = new Map<string, string>();
  /** upstream subscribe frames sent (tests and the benchmark read it) */
  subscribeFrames = 0;
  /** candles that failed the seed's schema: counted and logged, never relayed */
  dropped = 0;

  constructor(private readonly socket: () => ResilientSocket) {}

  /** The socket's `onOpen`: re-send every live subscription. */
  resubscribeAll(): void {
    this.pending.clear();
    for (const [key, sub] of this.pools) {
      sub.sent = '';
      this.sync(key, sub);
    }
  }

  subscribe(target: OhlcvTarget, listener: Listener): () => void {
    const chainType = normalizeKlineChainType(target.chainType) ?? target.chainType;
    const poolKey = `${chainType}:${target.chainId}:${target.pool.toLowerCase()}`;
    let sub = this.pools.get(poolKey);
    if (!sub) {
      sub = {
        chainType,
        chainId: target.chainId,
        pool: target.pool,
        intervals: new Map(),
        last: new Map(),
        sent: '',
      };
      this.pools.set(poolKey, sub);
    }
    let listeners = sub.intervals.get(target.interval);
    if (!listeners) {
      listeners = new Set();
      sub.intervals.set(target.interval, listeners);
    }
    listeners.add(listener);
    const last = sub.last.get(target.interval);
    if (last) listener({ type: 'ohlcv', key: ohlcvKeyOf(last), candle: last, snapshot: true });
    this.socket().start();
    this.sync(poolKey, sub);

    return () => {
      const current = this.pools.get(poolKey);
      const set = current?.intervals.get(target.interval);
      if (!current || !set) return;
      set.delete(listener);
      if (set.size === 0) {
        current.intervals.delete(target.interval);
        current.last.delete(target.interval);
      }
      this.sync(poolKey, current);
    };
  }

  handle(message: Record<string, unknown>): void {
    const type = message.type;
    const id = typeof message.id === 'string' ? message.id : '';
    if (type === 'ohlcv') {
      const candle = WsCandle.safeParse(message.data);
      if (candle.success) this.deliver(candle.data, message.msg === 'snapshot');
      else reportSchemaDrop('kline', 'upstream candle', candle.error.issues[0], ++this.dropped);
    } else if (type === 'subscribed') {
      this.pending.delete(id);
    } else if (type === 'error') {
      const poolKey = this.pending.get(id);
      if (!poolKey) return;
      this.pending.delete(id);
      const sub = this.pools.get(poolKey);
      if (!sub) return;
      // The upstream saved no state for this pool: tell its viewers and forget it.
      const code = typeof message.code === 'number' ? message.code : 4500;
      const text = typeof message.msg === 'string' ? message.msg : 'subscription refused';
      this.pools.delete(poolKey);
      for (const [interval, listeners] of sub.intervals) {
        const key = topicKey.ohlcv(sub.chainType, sub.chainId, sub.pool, interval);
        for (const l of listeners) l({ type: 'error', key, code, message: text });
      }
    }
  }

  stateChanged(state: LinkState): void {
    if (state !== 'connected') this.pending.clear();
  }

  get poolCount(): number {
    return this.pools.size;
  }

  /** Whether the pool already has an upstream subscription (a new viewer costs nothing more). */
  hasPool(target: Omit<OhlcvTarget, 'interval'>): boolean {
    const chainType = normalizeKlineChainType(target.chainType) ?? target.chainType;
    return this.pools.has(`${chainType}:${target.chainId}:${target.pool.toLowerCase()}`);
  }

  private deliver(candle: LiveCandle, snapshot: boolean): void {
    const chainType = normalizeKlineChainType(candle.chain_type ?? '') ?? '';
    const poolKey = `${chainType}:${candle.chain_id ?? ''}:${candle.pool_address.toLowerCase()}`;
    const sub = this.pools.get(poolKey);
    const interval = candle.interval;
    const listeners = sub?.intervals.get(interval);
    if (!sub || !listeners) return;
    sub.last.set(interval, candle);
    const key = ohlcvKeyOf(candle);
    for (const l of listeners) l({ type: 'ohlcv', key, candle, snapshot });
  }

  /** Makes the upstream subscription match what the viewers need. */
  private sync(poolKey: string, sub: PoolSubscription): void {
    const intervals = [...sub.intervals.keys()].sort();
    const wanted = intervals.join(',');
    const socket = this.socket();
    if (intervals.length === 0) {
      this.pools.delete(poolKey);
      if (sub.sent !== '') {
        socket.send({
          id: socket.nextId('unsub'),
          type: 'unsubscribe',
          data: { chain_type: sub.chainType, chain_id: sub.chainId, pool_address: sub.pool },
        });
      }
      return;
    }
    if (wanted === sub.sent) return;
    const id = socket.nextId('sub');
    const sent = socket.send({
      id,
      type: 'subscribe',
      data: { chain_type: sub.chainType, chain_id: sub.chainId, pool_address: sub.pool, intervals },
    });
    if (sent) {
      sub.sent = wanted;
      this.pending.set(id, poolKey);
      this.subscribeFrames++;
    }
  }
}
