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
 * Every alert is judged from a reference price: the first price heard once armed, then each price
 * judged. The crossing rule is the tabs' (lib/core/crossing.ts). `above` and `below` disarm when
 * they fire; `cross` stays armed and fires again only once the price has left the level. A firing
 * is committed (its dedupe id and the new state, store.ts) before it is sent, so it is sent once.
 * The reference is written only when it changes side of the level: from a stored reference the
 * verdict on the next price is the same as from the latest one, so a restart or failover misses
 * nothing and fires nothing twice.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isRecord } from '../../core/values';
import { crossing } from '../../core/crossing';
import { TX_CHAIN_TYPES } from '../../contracts/chain-types';
import type { LiveTransaction } from '../../contracts/stream/events';
import { scopedTopic, topicKey, type Topic } from '../../contracts/stream/topics';
import { txIdentity } from '../../contracts/tx/identity';
import { TransactionDetail } from '../../contracts/tx/schema';
import { log } from '../../observe/log';
import type { LoggedEvent } from '../stream/event-log';
import type { StreamSource } from '../stream/source';
import { poolMessage, tokenMessage, walletMessage, type PushMessage } from './message';
import {
  alertKey,
  CONDITION,
  type AlertState,
  type PriceAlert,
  type PushAlert,
  type SubscriptionRecord,
  type WalletAlert,
} from './schema';
import type { CommitResult, Firing, Snapshot, Changes } from './store';

const WATCH_INTERVAL = '1m';
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

const ref = (id: string, key: string) => `${id}|${key}`;
const split = (r: string) => r.split('|') as [string, string];
const side = (price: number, level: number) => Math.sign(price - level);

const Candle = z.object({ open_time: z.number().int(), close: z.number().finite().nullable() });
const RelayedTx = TransactionDetail.extend({
  listenAddress: z.array(z.string()).optional(),
  is_reorg_resend: z.boolean().optional(),
});

export class PushWatcher {
  private readonly records = new Map<string, SubscriptionRecord>();
  private readonly states = new Map<string, Map<string, AlertState>>();
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
  }

  /** Starts from everything the store holds. */
  start(snapshot: Snapshot): void {
    this.running = true;
    this.records.clear();
    this.states.clear();
    for (const record of snapshot.records) this.records.set(record.id, record);
    for (const [id, map] of snapshot.states) this.states.set(id, new Map(map));
    this.sync();
  }

  /**
   * Takes in what the API changed since the last look. States stay the watcher's own (it is their
   * one writer): an alert kept in a new list keeps its state, a new one starts armed.
   */
  apply(changes: Changes): void {
    if (!this.running) return;
    for (const id of changes.removed) {
      this.records.delete(id);
      this.states.delete(id);
    }
    for (const record of changes.changed) {
      this.records.set(record.id, record);
      const keys = new Set(record.alerts.map(alertKey));
      const map = this.states.get(record.id) ?? new Map<string, AlertState>();
      for (const key of map.keys()) if (!keys.has(key)) map.delete(key);
      this.states.set(record.id, map);
    }
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
    const wantPools = new Map<string, { topic: Topic; alerts: Set<string> }>();
    const wantFeeds = new Map<string, { topic: Topic; alerts: Set<string> }>();
    let tokens = false;
    let overflow = 0;
    const maxPools = this.deps.maxPools ?? MAX_POOLS;
    for (const record of this.records.values()) {
      for (const alert of record.alerts) {
        const r = ref(record.id, alertKey(alert));
        if (alert.kind === 'token-price') tokens = true;
        else if (alert.kind === 'pool-price') {
          const key = topicKey.ohlcv(
            alert.chain_type,
            alert.chain_id,
            alert.pool_address,
            WATCH_INTERVAL,
          );
          let want = wantPools.get(key);
          if (!want) {
            if (wantPools.size >= maxPools) {
              overflow++;
              continue;
            }
            want = {
              topic: {
                kind: 'ohlcv',
                key,
                chainType: alert.chain_type,
                chainId: alert.chain_id,
                pool: alert.pool_address,
                interval: WATCH_INTERVAL,
              },
              alerts: new Set(),
            };
            wantPools.set(key, want);
          }
          want.alerts.add(r);
        } else {
          const topic = scopedTopic({ kind: 'tx', key: topicKey.tx }, record.scope);
          const want = wantFeeds.get(topic.key) ?? { topic, alerts: new Set<string>() };
          want.alerts.add(r);
          wantFeeds.set(topic.key, want);
        }
      }
    }
    if (overflow > 0 && !this.warnedPools) {
      this.warnedPools = true;
      log().warn(
        { pools: maxPools, waiting: overflow },
        'push: alerts on more pools than followed',
      );
    }

    for (const [key, pool] of this.pools) {
      if (wantPools.has(key)) continue;
      pool.stop();
      this.pools.delete(key);
    }
    for (const [key, want] of wantPools) {
      const existing = this.pools.get(key);
      if (existing) {
        existing.alerts = want.alerts;
        continue;
      }
      const pool: PoolWatch = { stop: () => undefined, current: null, alerts: want.alerts };
      this.pools.set(key, pool);
      pool.stop = this.deps.source.attach(
        [want.topic],
        { write: (e) => this.onPoolEvent(pool, e) },
        null,
      );
    }

    for (const [key, feed] of this.feeds) {
      if (wantFeeds.has(key)) continue;
      feed.stop();
      this.feeds.delete(key);
    }
    for (const [key, want] of wantFeeds) {
      const existing = this.feeds.get(key);
      if (existing) {
        existing.alerts = want.alerts;
        continue;
      }
      const feed: FeedWatch = { stop: () => undefined, alerts: want.alerts };
      this.feeds.set(key, feed);
      feed.stop = this.deps.source.attach(
        [want.topic],
        { write: (e) => this.onFeedEvent(feed, e) },
        null,
      );
    }

    if (tokens && !this.timer) {
      this.timer = setInterval(() => void this.poll(), this.deps.pollMs ?? TOKEN_POLL_MS);
      this.timer.unref?.();
      void this.poll();
    } else if (!tokens && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private alertOf(r: string): { record: SubscriptionRecord; alert: PushAlert; key: string } | null {
    const [id, key] = split(r);
    const record = this.records.get(id);
    const alert = record?.alerts.find((a) => alertKey(a) === key);
    return record && alert ? { record, alert, key } : null;
  }

  private stateOf(id: string, key: string): AlertState {
    let map = this.states.get(id);
    if (!map) {
      map = new Map();
      this.states.set(id, map);
    }
    let state = map.get(key);
    if (!state) {
      state = {
        armed: true,
        ref: null,
        firedAt: null,
        firedPrice: null,
        fires: 0,
        gen: this.deps.newGen?.() ?? randomBytes(6).toString('base64url'),
      };
      map.set(key, state);
    }
    return state;
  }

  private setState(id: string, key: string, state: AlertState): void {
    this.states.get(id)?.set(key, state);
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
      const found = this.alertOf(r);
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
      const byFiat = new Map<string, Set<number>>();
      for (const record of this.records.values()) {
        for (const alert of record.alerts) {
          if (alert.kind !== 'token-price') continue;
          const state = this.states.get(record.id)?.get(alertKey(alert));
          if (state && !state.armed) continue;
          const set = byFiat.get(alert.fiat) ?? new Set<number>();
          set.add(alert.token_id);
          byFiat.set(alert.fiat, set);
        }
      }
      const calls: { fiat: string; ids: number[] }[] = [];
      for (const [fiat, set] of byFiat) {
        // Sorted: the same tokens make the same query, one cache entry shared by every caller.
        const ids = [...set].sort((a, b) => a - b);
        for (let i = 0; i < ids.length; i += 100) calls.push({ fiat, ids: ids.slice(i, i + 100) });
      }
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
    for (const record of this.records.values()) {
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
      const found = this.alertOf(r);
      if (!found || found.alert.kind === 'wallet') continue;
      const state = this.stateOf(found.record.id, found.key);
      const price = priceOf(found.alert);
      if (!state.armed || state.ref !== null || price === null) continue;
      const next = { ...state, ref: price };
      this.setState(found.record.id, found.key, next);
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
    const state = this.stateOf(record.id, key);
    if (!state.armed || state.ref === null) return;
    const direction = crossing(state.ref, price, alert.price, CONDITION[alert.direction]);
    if (!direction) {
      const moved = side(state.ref, alert.price) !== side(price, alert.price);
      const next = { ...state, ref: price };
      this.setState(record.id, key, next);
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
    this.setState(record.id, key, next);
    void this.fire(
      record,
      new Map([[key, next]]),
      { dedupeId: `${record.id}:${key}:${state.gen}:${next.fires}`, ttlMs: PRICE_DEDUPE_MS },
      message(direction, at),
      { topic: key, urgency: 'high', ttl: 3600 },
      () => this.setState(record.id, key, state),
    );
  }

  // ---- wallets ----

  private onFeedEvent(feed: FeedWatch, event: LoggedEvent): void {
    if (!this.running || event.event !== 'transaction') return;
    const parsed = RelayedTx.safeParse(parseJson(event.data));
    // A reorg re-send is the same transfer told again: its wallet was told once.
    if (!parsed.success || parsed.data.is_reorg_resend) return;
    const tx: LiveTransaction = parsed.data;
    this.stats.transactions++;
    for (const r of feed.alerts) {
      const found = this.alertOf(r);
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

const sameAddress = (a: unknown, b: string): boolean =>
  typeof a === 'string' &&
  (/^0x/i.test(b) || /^bc1/i.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b);

/** Whether the wallet takes part in the transaction, on the alert's chain if it names one. */
export function walletMatches(alert: WalletAlert, tx: LiveTransaction): boolean {
  if (alert.chain_type) {
    const txType = tx.chain_type.toLowerCase();
    const family = TX_CHAIN_TYPES[alert.chain_type];
    if (TX_CHAIN_TYPES[txType] !== family) return false;
    // `evm` names every EVM chain; `ethereum` only Ethereum's records (which may say `evm`).
    if (alert.chain_type !== 'evm' && txType !== 'evm' && txType !== alert.chain_type) return false;
  }
  const a = alert.address;
  if ((tx.listenAddress ?? []).some((x) => sameAddress(x, a))) return true;
  if (sameAddress(tx.sender, a) || sameAddress(tx.receiver, a)) return true;
  if (
    tx.token_transfers.some((t) => sameAddress(t.from_address, a) || sameAddress(t.to_address, a))
  )
    return true;
  return [...tx.from_details, ...tx.to_details].some(
    (d) => isRecord(d) && sameAddress(d.address, a),
  );
}
