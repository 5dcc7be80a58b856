/**
 * The one alert watcher of a tab: it follows the live price of every armed alert and fires those
 * whose level the price crosses (lib/features/alerts/crossing.ts). Pools are followed through the
 * tab's one stream (their 1m candles: the close of the candle in progress is the live price), tokens
 * by polling the quotes the Markets table shows. It runs on stream events and timers, never on
 * animation frames or React renders, so it keeps firing from any page and in a background tab.
 */
import { topicKey } from '../../contracts/stream/topics';
import type { StreamMessage } from '../../client/stream';
import { crossing, type CrossDirection } from './crossing';
import { isArmed, targetKey, type PriceEntry } from './model';

/** The live candles followed for a pool's alerts (any interval's candle in progress closes at the live price). */
const WATCH_INTERVAL = '1m';
/** Pools followed at once: each is a topic of the tab's stream, which carries at most 16. */
export const MAX_WATCHED_POOLS = 8;
const TOKEN_POLL_MS = 3_000;

export interface FiredAlert {
  entry: PriceEntry;
  price: number;
  direction: CrossDirection;
  /** when it fired, ms */
  at: number;
}

export interface WatcherDeps {
  getEntries: () => readonly PriceEntry[];
  subscribe: (topic: string, handler: (message: StreamMessage) => void) => () => void;
  /** the latest prices of these tokens in `fiat`, by token id */
  fetchPrices: (ids: readonly number[], fiat: string) => Promise<Map<number, number>>;
  onFire: (fired: FiredAlert) => void;
  now?: () => number;
  pollMs?: number;
}

export class AlertWatcher {
  /** per alert, the last price heard since it was armed: a crossing needs one before it */
  private readonly lastSeen = new Map<string, { armedAt: number; price: number }>();
  /** per pool topic followed, its unsubscribe function and the newest candle time heard */
  private readonly pools = new Map<string, { key: string; stop: () => void; openTime: number }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly deps: WatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Follows what the armed alerts need now; call it whenever the entries change. */
  sync(): void {
    if (this.disposed) return;
    const armed = this.deps.getEntries().filter(isArmed);
    const ids = new Set(armed.map((e) => e.id));
    for (const id of this.lastSeen.keys()) if (!ids.has(id)) this.lastSeen.delete(id);

    const wanted = new Map<string, string>();
    for (const e of armed) {
      if (e.target.kind !== 'pool' || wanted.size >= MAX_WATCHED_POOLS) continue;
      const { chainType, chainId, address } = e.target;
      wanted.set(topicKey.ohlcv(chainType, chainId, address, WATCH_INTERVAL), targetKey(e.target));
    }
    for (const [topic, pool] of this.pools) {
      if (wanted.has(topic)) continue;
      pool.stop();
      this.pools.delete(topic);
    }
    for (const [topic, key] of wanted) {
      if (this.pools.has(topic)) continue;
      const pool: { key: string; openTime: number; stop: () => void } = {
        key,
        openTime: -Infinity,
        stop: () => undefined,
      };
      this.pools.set(topic, pool);
      pool.stop = this.deps.subscribe(topic, (m) => {
        if (m.kind !== 'event' || m.event !== 'ohlcv') return;
        const { close, open_time: openTime } = m.data;
        // A closed candle re-sent after a stall is history, not the live price.
        if (close === null || openTime < pool.openTime) return;
        pool.openTime = openTime;
        this.price(key, close);
      });
    }

    const tokens = armed.some((e) => e.target.kind === 'token');
    if (tokens && !this.timer) {
      this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? TOKEN_POLL_MS);
      void this.poll();
    } else if (!tokens && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Whether a pool's alerts are followed (beyond MAX_WATCHED_POOLS they wait for room). */
  watches(key: string): boolean {
    for (const pool of this.pools.values()) if (pool.key === key) return true;
    return false;
  }

  /** A new live price of a target (its targetKey): fires its armed alerts that it crossed. */
  price(key: string, price: number): void {
    if (this.disposed || !Number.isFinite(price)) return;
    const at = this.now();
    for (const entry of this.deps.getEntries()) {
      const alert = entry.alert;
      if (!alert || alert.firedAt !== null || targetKey(entry.target) !== key) continue;
      const seen = this.lastSeen.get(entry.id);
      this.lastSeen.set(entry.id, { armedAt: alert.armedAt, price });
      // Re-armed since: the price before that says nothing.
      if (!seen || seen.armedAt !== alert.armedAt) continue;
      const direction = crossing(seen.price, price, entry.price, alert.condition);
      if (direction) this.deps.onFire({ entry, price, direction, at });
    }
  }

  dispose(): void {
    this.disposed = true;
    for (const pool of this.pools.values()) pool.stop();
    this.pools.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.disposed) return;
    this.polling = true;
    try {
      const byFiat = new Map<string, Set<number>>();
      for (const e of this.deps.getEntries()) {
        if (e.target.kind !== 'token' || !isArmed(e)) continue;
        const set = byFiat.get(e.target.fiat) ?? new Set<number>();
        set.add(e.target.id);
        byFiat.set(e.target.fiat, set);
      }
      await Promise.all(
        [...byFiat].map(async ([fiat, ids]) => {
          try {
            const prices = await this.deps.fetchPrices([...ids].slice(0, 100), fiat);
            for (const [id, price] of prices) this.price(`token:${id}:${fiat}`, price);
          } catch {
            // A failed poll is retried on the next tick; alerts stay armed.
          }
        }),
      );
    } finally {
      this.polling = false;
    }
  }
}
