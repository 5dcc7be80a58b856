/**
 * The server's alert watcher: one for the deployment (the push lease holder in a cluster, the one
 * process otherwise), fed by the same live data as the tabs, so it costs the upstream nothing more
 * than one subscription per pool and the quotes every viewer shares:
 *
 * - pool-price: the pool's 1-minute candles through the stream hubs (StreamSource.attach, as a
 *   browser stream would); an alert is judged when a candle closes (a later candle begins), on its
 *   final close, in the quote token's units as on the chart.
 * - token-price: the 3-second quotes through the gateway's exchange cache, one call per fiat and
 *   window shared with the browsers.
 * - wallet: the transactions of the monitored list (the tx feed of the subscription's scope).
 *
 * What to follow is planned in watch-plan.ts; a transaction's match with a wallet in wallet-match.ts.
 *
 * Every alert is judged from a reference price: the first price heard once armed, then each price
 * judged. The crossing rule is the tabs' (lib/core/crossing.ts). `above` and `below` disarm when
 * they fire; `cross` stays armed and fires again only once the price has left the level. A firing
 * is committed (its dedupe id and the new state, store.ts) before it is sent, so it is sent once.
 * The reference is written only when it changes side of the level: from a stored reference the
 * verdict on the next price is the same as from the latest one, so a restart or failover misses
 * nothing and fires nothing twice.
 */
import 'server-only';
import { z } from 'zod';
import { crossing } from '../../core/crossing';
import type { LiveTransaction } from '../../contracts/stream/events';
import { txIdentity } from '../../contracts/tx/identity';
import { RelayedTransaction } from '../../contracts/tx/schema';
import { log } from '../../observe/log';
import type { LoggedEvent } from '../stream/event-log';
import type { Session, StreamSource } from '../stream/source';
import { poolMessage, tokenMessage, walletMessage, type PushMessage } from './message';
import {
  alertKey,
  CONDITION,
  type AlertState,
  type PriceAlert,
  type PushAlert,
  type SubscriptionRecord,
} from './schema';
import type { CommitResult, Firing, Snapshot, Changes } from './store';
import { AlertBook } from './alert-book';
import { walletMatches } from './wallet-match';
import { planWatch, quoteCalls, ref, type Want } from './watch-plan';

const TOKEN_POLL_MS = 3_000;
/** Pools followed at once for alerts; beyond, alerts wait for room (and the operator is told). */
const MAX_POOLS = 200;
/** Quote calls per poll (100 tokens each). */
const MAX_QUOTE_CALLS = 10;
const PRICE_DEDUPE_MS = 7 * 24 * 3600_000;
const WALLET_DEDUPE_MS = 24 * 3600_000;

export interface SendOptions {
  topic: string;
  urgency: 'normal' | 'high';
  ttl: number;
}

export interface WatcherDeps {
  source: Pick<StreamSource, 'attach'>;
  /** the latest price (and symbol) of these tokens in `fiat`, by token id */
  quotes: (
    ids: readonly number[],
    fiat: string,
  ) => Promise<Map<number, { price: number; symbol: string }>>;
  commit: (
    id: string,
    states: ReadonlyMap<string, AlertState>,
    firing?: Firing,
  ) => Promise<CommitResult>;
  send: (record: SubscriptionRecord, message: PushMessage, options: SendOptions) => void;
  /** the store lost the record (or the lease went elsewhere) while firing */
  onGone?: (id: string) => void;
  onNotHolder?: () => void;
  now?: () => number;
  pollMs?: number;
  maxPools?: number;
  newGen?: () => string;
}

interface PoolWatch {
  stop: () => void;
  /** the candle in progress as last heard */
  current: { openTime: number; close: number } | null;
  alerts: Set<string>;
}

interface FeedWatch {
  stop: () => void;
  alerts: Set<string>;
}

const side = (price: number, level: number) => Math.sign(price - level);

const Candle = z.object({ open_time: z.number().int(), close: z.number().finite().nullable() });

export class PushWatcher {
  private readonly book: AlertBook;
  private readonly pools = new Map<string, PoolWatch>();
  private readonly feeds = new Map<string, FeedWatch>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private running = false;
  private warnedPools = false;
  private readonly now: () => number;
  readonly stats = { fired: 0, duplicates: 0, closes: 0, quotes: 0, transactions: 0 };

  constructor(private readonly deps: WatcherDeps) {
    this.now = deps.now ?? Date.now;
    this.book = new AlertBook(deps.newGen);
  }

  /** Starts from everything the store holds. */
  start(snapshot: Snapshot): void {
    this.running = true;
    this.book.load(snapshot);
    this.sync();
  }

  /** Takes in what the API changed since the last look (the book keeps the states it can). */
  apply(changes: Changes): void {
    if (!this.running) return;
    this.book.apply(changes);
    this.sync();
  }

  stop(): void {
    this.running = false;
    for (const pool of this.pools.values()) pool.stop();
    for (const feed of this.feeds.values()) feed.stop();
    this.pools.clear();
    this.feeds.clear();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get followedPools(): number {
    return this.pools.size;
  }

  /** Follows exactly what the alerts need now. */
  private sync(): void {
    const maxPools = this.deps.maxPools ?? MAX_POOLS;
    const plan = planWatch(this.book.records.values(), maxPools);
    if (plan.overflow > 0 && !this.warnedPools) {
      this.warnedPools = true;
      log().warn(
        { pools: maxPools, waiting: plan.overflow },
        'push: alerts on more pools than followed',
      );
    }
    this.follow(
      this.pools,
      plan.pools,
      (alerts) => ({ stop: () => undefined, current: null, alerts }),
      (pool) => ({ write: (e) => this.onPoolEvent(pool, e) }),
    );
    this.follow(
      this.feeds,
      plan.feeds,
      (alerts) => ({ stop: () => undefined, alerts }),
      (feed) => ({ write: (e) => this.onFeedEvent(feed, e) }),
    );
    if (plan.tokens && !this.timer) {
      this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? TOKEN_POLL_MS);
      this.timer.unref?.();
      void this.poll();
    } else if (!plan.tokens && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Stops what is no longer wanted, attaches what is new, hands kept watches their new alerts. */
  private follow<W extends FeedWatch>(
    watches: Map<string, W>,
    wanted: ReadonlyMap<string, Want>,
    create: (alerts: Set<string>) => W,
    session: (watch: W) => Session,
  ): void {
    for (const [key, watch] of watches) {
      if (wanted.has(key)) continue;
      watch.stop();
      watches.delete(key);
    }
    for (const [key, want] of wanted) {
      const existing = watches.get(key);
      if (existing) {
        existing.alerts = want.alerts;
        continue;
      }
      const watch = create(want.alerts);
      watches.set(key, watch);
      watch.stop = this.deps.source.attach([want.topic], session(watch), null);
    }
  }

  // ---- pools ----

  private onPoolEvent(pool: PoolWatch, event: LoggedEvent): void {
    if (!this.running || event.event !== 'ohlcv') return;
    const parsed = Candle.safeParse(parseJson(event.data));
    if (!parsed.success || parsed.data.close === null) return;
    const { open_time: openTime, close } = parsed.data;
    if (!(close > 0)) return;
    const current = pool.current;
    if (!current || openTime > current.openTime) {
      pool.current = { openTime, close };
      // A later candle began: the one before it is closed, at the last close heard of it.
      if (current) this.onClose(pool, current.close);
    } else if (openTime === current.openTime) {
      current.close = close;
    }
    this.arm([...pool.alerts], () => close);
  }

  private onClose(pool: PoolWatch, close: number): void {
    this.stats.closes++;
    for (const r of pool.alerts) {
      const found = this.book.alertOf(r);
      if (found?.alert.kind !== 'pool-price') continue;
      const { record, alert, key } = found;
      this.judge(record, alert, key, close, (direction, at) =>
        poolMessage(alert, key, close, direction, at),
      );
    }
  }

  // ---- tokens ----

  private async poll(): Promise<void> {
    if (this.polling || !this.running) return;
    this.polling = true;
    try {
      const calls = quoteCalls(this.book.records.values(), this.book.states);
      await Promise.all(
        calls.slice(0, MAX_QUOTE_CALLS).map(async ({ fiat, ids }) => {
          try {
            const prices = await this.deps.quotes(ids, fiat);
            this.stats.quotes++;
            this.onQuotes(fiat, prices);
          } catch {
            // A failed poll is retried on the next tick; alerts stay as they are.
          }
        }),
      );
    } finally {
      this.polling = false;
    }
  }

  private onQuotes(fiat: string, prices: Map<number, { price: number; symbol: string }>): void {
    if (!this.running) return;
    const matching: string[] = [];
    for (const record of this.book.records.values()) {
      for (const alert of record.alerts) {
        if (alert.kind !== 'token-price' || alert.fiat !== fiat) continue;
        const quote = prices.get(alert.token_id);
        if (!quote || !(quote.price > 0)) continue;
        const key = alertKey(alert);
        matching.push(ref(record.id, key));
        this.judge(record, alert, key, quote.price, (direction, at) =>
          tokenMessage(alert, key, quote.price, direction, quote.symbol || null, at),
        );
      }
    }
    this.arm(matching, (alert) =>
      alert.kind === 'token-price' ? (prices.get(alert.token_id)?.price ?? null) : null,
    );
  }

  // ---- judging a price ----

  /** Gives armed alerts without a reference the price heard now (written once). */
  private arm(refs: readonly string[], priceOf: (alert: PushAlert) => number | null): void {
    const updates = new Map<string, Map<string, AlertState>>();
    for (const r of refs) {
      const found = this.book.alertOf(r);
      if (!found || found.alert.kind === 'wallet') continue;
      const state = this.book.stateOf(found.record.id, found.key);
      const price = priceOf(found.alert);
      if (!state.armed || state.ref !== null || price === null) continue;
      const next = { ...state, ref: price };
      this.book.setState(found.record.id, found.key, next);
      const map = updates.get(found.record.id) ?? new Map<string, AlertState>();
      map.set(found.key, next);
      updates.set(found.record.id, map);
    }
    for (const [id, map] of updates) void this.write(id, map);
  }

  private judge(
    record: SubscriptionRecord,
    alert: PriceAlert,
    key: string,
    price: number,
    message: (direction: 'up' | 'down', at: number) => PushMessage,
  ): void {
    const state = this.book.stateOf(record.id, key);
    if (!state.armed || state.ref === null) return;
    const direction = crossing(state.ref, price, alert.price, CONDITION[alert.direction]);
    if (!direction) {
      const moved = side(state.ref, alert.price) !== side(price, alert.price);
      const next = { ...state, ref: price };
      this.book.setState(record.id, key, next);
      if (moved) void this.write(record.id, new Map([[key, next]]));
      return;
    }
    const at = this.now();
    const next: AlertState = {
      ...state,
      armed: alert.direction === 'cross',
      ref: price,
      firedAt: at,
      firedPrice: price,
      fires: state.fires + 1,
    };
    this.book.setState(record.id, key, next);
    void this.fire(
      record,
      new Map([[key, next]]),
      { dedupeId: `${record.id}:${key}:${state.gen}:${next.fires}`, ttlMs: PRICE_DEDUPE_MS },
      message(direction, at),
      { topic: key, urgency: 'high', ttl: 3600 },
      () => this.book.setState(record.id, key, state),
    );
  }

  // ---- wallets ----

  private onFeedEvent(feed: FeedWatch, event: LoggedEvent): void {
    if (!this.running || event.event !== 'transaction') return;
    const parsed = RelayedTransaction.safeParse(parseJson(event.data));
    // A reorg re-send is the same transfer told again: its wallet was told once.
    if (!parsed.success || parsed.data.is_reorg_resend) return;
    const tx: LiveTransaction = parsed.data;
    this.stats.transactions++;
    for (const r of feed.alerts) {
      const found = this.book.alertOf(r);
      if (found?.alert.kind !== 'wallet' || !walletMatches(found.alert, tx)) continue;
      const { record, alert, key } = found;
      const at = this.now();
      void this.fire(
        record,
        new Map(),
        { dedupeId: `${record.id}:${key}:${txIdentity(tx)}`, ttlMs: WALLET_DEDUPE_MS },
        walletMessage(alert, key, tx, at),
        { topic: key, urgency: 'normal', ttl: 24 * 3600 },
      );
    }
  }

  // ---- committing ----

  private async write(id: string, states: ReadonlyMap<string, AlertState>): Promise<void> {
    try {
      const result = await this.deps.commit(id, states);
      if (result === 'gone') this.deps.onGone?.(id);
      else if (result === 'not-holder') this.deps.onNotHolder?.();
    } catch {
      // The store is unreachable: the in-memory state stands; the next change of side writes again.
    }
  }

  private async fire(
    record: SubscriptionRecord,
    states: ReadonlyMap<string, AlertState>,
    firing: Firing,
    message: PushMessage,
    options: SendOptions,
    undo?: () => void,
  ): Promise<void> {
    let result: CommitResult;
    try {
      result = await this.deps.commit(record.id, states, firing);
    } catch {
      // Not committed, so not sent: the alert stays as it was and the next price judges it again.
      undo?.();
      return;
    }
    if (result === 'ok') {
      this.stats.fired++;
      this.deps.send(record, message, options);
    } else if (result === 'duplicate') this.stats.duplicates++;
    else if (result === 'gone') this.deps.onGone?.(record.id);
    else this.deps.onNotHolder?.();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
