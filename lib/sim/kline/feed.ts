/**
 * The live candle feed: ONE timer for the whole service drives the `ohlcv` pushes of every
 * connection. Each tick computes (and serialises) a pool/interval candle once and hands the same
 * frame to every connection subscribed to it, so a thousand viewers cost one computation.
 *
 * When a connection's candle rolls over between ticks, the tick first re-sends the candles that
 * closed since its last push (final values), then the new one: the client's last view of a closed
 * candle is then exactly what a later history query returns.
 */
import type { KlineInterval } from '../../contracts/kline/endpoints';
import { periodEnd } from '../market';
import type { KlineCandles } from './candles';
import type { KlinePool, Side } from './pools';
import { frame, WS_CODE } from './ws-protocol';

export interface Subscription {
  /** `<chain_type>:<chain_id>:<pool_address_lowercase>:<side>` */
  key: string;
  pool: KlinePool;
  side: Side;
  intervals: KlineInterval[];
  /** the latest candle sent to this connection, per interval; `final` when it was already closed */
  sent: Map<KlineInterval, { open: number; final: boolean }>;
}

export interface FeedClient {
  readonly subscriptions: Map<string, Subscription>;
  send(text: string): void;
}

const TICK_MS = 1000;
/** Closed candles re-sent after a stalled tick; beyond this the client fills the gap from history. */
const MAX_CATCH_UP = 10;

/** The price paths give a candle whole once its last second has begun; a `1s` candle is always whole. */
function isFinal(interval: KlineInterval, open: number, nowSec: number): boolean {
  return interval === '1s' || periodEnd(interval, open) <= nowSec + 1;
}

export class LiveFeed {
  private readonly clients = new Set<FeedClient>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(
    private readonly candles: KlineCandles,
    private readonly now: () => number,
  ) {}

  add(client: FeedClient): void {
    this.clients.add(client);
  }

  remove(client: FeedClient): void {
    this.clients.delete(client);
    if (!this.hasSubscriptions()) this.halt();
  }

  /** Sends the `snapshot` of every interval of a fresh (or overwritten) subscription, then keeps it fed. */
  subscribed(client: FeedClient, sub: Subscription): void {
    const time = this.now();
    const nowSec = Math.floor(time / 1000);
    sub.sent.clear();
    for (const interval of sub.intervals) {
      const bar = this.candles.current(sub.pool, interval, nowSec);
      if (!bar) continue;
      sub.sent.set(interval, { open: bar.t, final: isFinal(interval, bar.t, nowSec) });
      const data = this.candles.toWs(sub.pool, sub.side, interval, bar);
      client.send(frame('', time, 'ohlcv', WS_CODE.ok, data, 'snapshot'));
    }
    if (!this.timer && !this.stopped) {
      this.timer = setInterval(() => this.tick(), TICK_MS);
      this.timer.unref?.();
    }
  }

  unsubscribed(): void {
    if (!this.hasSubscriptions()) this.halt();
  }

  start(): void {
    this.stopped = false;
  }

  stop(): void {
    this.stopped = true;
    this.halt();
    this.clients.clear();
  }

  /** One push round; public so that tests can drive it with a pinned clock. */
  tick(): void {
    const time = this.now();
    const nowSec = Math.floor(time / 1000);
    const frames = new Map<string, string | null>();
    const frameOf = (
      sub: Subscription,
      interval: KlineInterval,
      openTime: number,
    ): string | null => {
      const cacheKey = `${sub.pool.id}|${sub.side}|${interval}|${openTime}`;
      let text = frames.get(cacheKey);
      if (text === undefined) {
        const bar = this.candles.bar(sub.pool, interval, openTime, nowSec);
        text = bar
          ? frame(
              '',
              time,
              'ohlcv',
              WS_CODE.ok,
              this.candles.toWs(sub.pool, sub.side, interval, bar),
              'ok',
            )
          : null;
        frames.set(cacheKey, text);
      }
      return text;
    };

    let active = false;
    for (const client of this.clients) {
      for (const sub of client.subscriptions.values()) {
        active = true;
        for (const interval of sub.intervals) {
          const open = this.candles.currentOpen(sub.pool, interval, nowSec);
          const last = sub.sent.get(interval);
          if (last !== undefined && last.open < open) {
            const closed: number[] = [];
            const first = last.final ? periodEnd(interval, last.open) : last.open;
            for (
              let t = first;
              t < open && closed.length <= MAX_CATCH_UP;
              t = periodEnd(interval, t)
            )
              closed.push(t);
            for (const t of closed.length > MAX_CATCH_UP ? closed.slice(0, 1) : closed) {
              const text = frameOf(sub, interval, t);
              if (text) client.send(text);
            }
          }
          const text = frameOf(sub, interval, open);
          if (!text) continue;
          client.send(text);
          sub.sent.set(interval, { open, final: isFinal(interval, open, nowSec) });
        }
      }
    }
    if (!active) this.halt();
  }

  private hasSubscriptions(): boolean {
    for (const client of this.clients) if (client.subscriptions.size > 0) return true;
    return false;
  }

  private halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
