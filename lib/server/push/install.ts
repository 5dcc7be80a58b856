/**
 * Puts push alerts in place at start (instrumentation.ts): the store (Redis with REDIS_URL, else the
 * data directory), the delivery, and the one watcher. With REDIS_URL every instance competes for the
 * push lease (lib/server/cluster/lease.ts, a key of its own); the holder loads every subscription,
 * follows what changed since (a version counter, checked every second), and commits each firing
 * fenced by the lease; a holder that dies is replaced within the lease's time to live, and the new
 * one carries on from the stored states. Without REDIS_URL the one process watches, and hears the
 * API's writes at once.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { processGlobal } from '../../core/process-global';
import { log } from '../../observe/log';
import { priceClient } from '../../upstream/price/client';
import { Lease } from '../cluster/lease';
import { clusterRedis, type ClusterRedis } from '../cluster/redis';
import { getStreamSource, instanceName } from '../stream/server';
import { PushDelivery } from './delivery';
import { FileStore } from './file-store';
import { vapidKeys, type VapidKeys } from './keys';
import { pushKeys, RedisStore } from './redis-store';
import type { PushStore } from './store';
import { PushWatcher } from './watcher';

const CHANGES_EVERY_MS = 1000;

export class PushRuntime {
  readonly store: PushStore;
  readonly delivery: PushDelivery;
  private watcher: PushWatcher | null = null;
  private lease: Lease | null = null;
  private fence: string | undefined;
  private version = 0;
  private timer: NodeJS.Timeout | null = null;
  private syncing = false;
  private dirty = false;
  private stopChanges: (() => void) | null = null;
  private generation = 0;

  constructor(
    private readonly redis: ClusterRedis | null,
    store?: PushStore,
  ) {
    this.store = store ?? (redis ? new RedisStore(redis) : new FileStore());
    this.delivery = new PushDelivery({
      vapid: () => this.vapid(),
      allowPrivate: getEnv().PUSH_ALLOW_PRIVATE === '1',
      onGone: (id) => {
        void this.store.remove(id).catch(() => undefined);
        log().info({}, 'push: a subscription the push service no longer knows was removed');
      },
    });
  }

  vapid(): Promise<VapidKeys> {
    return vapidKeys(this.redis);
  }

  /** Resolves once the store can answer: at once, except in a process whose Redis is still connecting. */
  async ready(): Promise<void> {
    await this.redis?.ready();
  }

  get watching(): boolean {
    return this.watcher !== null;
  }

  /** Starts watching now (one process), or competing for the push lease (a cluster). */
  install(): void {
    if (getEnv().PUSH_ALLOW_PRIVATE === '1')
      log().warn({}, 'push: PUSH_ALLOW_PRIVATE=1 sends to private addresses (development only)');
    // Made now, not on the first subscription: a key generated later would race between instances.
    void this.vapid().catch((error: unknown) =>
      log().error(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'push: no VAPID keys',
      ),
    );
    if (!this.redis) {
      void this.activate(undefined);
      return;
    }
    this.lease = new Lease(this.redis, {
      instance: instanceName(),
      keys: { lease: pushKeys.lease, fence: pushKeys.fence },
      onChange: (value) => {
        if (value) void this.activate(value);
        else this.deactivate();
      },
    });
    this.lease.start();
  }

  async stop(): Promise<void> {
    this.deactivate();
    await this.lease?.stop();
    this.lease = null;
  }

  private async activate(fence: string | undefined): Promise<void> {
    this.deactivate();
    const generation = ++this.generation;
    this.fence = fence;
    let snapshot;
    try {
      snapshot = await this.store.load();
    } catch {
      // The store is unreachable now: the lease will change hands or come back; try on the next one.
      if (!this.redis) setTimeout(() => void this.activate(undefined), 5000).unref();
      return;
    }
    if (generation !== this.generation) return;
    this.version = snapshot.version;
    const watcher = new PushWatcher({
      source: getStreamSource(),
      quotes: async (ids, fiat) => {
        const items = await priceClient.quotesLatest(ids, fiat);
        const out = new Map<number, { price: number; symbol: string }>();
        for (const item of items) {
          const price = Number(item.price);
          if (Number.isFinite(price) && price > 0)
            out.set(item.token_id, { price, symbol: item.symbol.slice(0, 32) });
        }
        return out;
      },
      commit: (id, states, firing) => this.store.commit(id, states, firing, this.fence),
      send: (record, message, options) =>
        void this.delivery.send(record, JSON.stringify(message), options),
      onGone: () => void this.changes(),
      onNotHolder: () => this.deactivate(),
    });
    this.watcher = watcher;
    watcher.start(snapshot);
    log().info(
      { subscriptions: snapshot.records.length, cluster: this.redis !== null },
      'push: watching alerts',
    );
    if (this.redis) {
      this.timer = setInterval(() => void this.changes(), CHANGES_EVERY_MS);
      this.timer.unref?.();
    } else {
      this.stopChanges = this.store.onChange(() => queueMicrotask(() => void this.changes()));
    }
  }

  private deactivate(): void {
    this.generation++;
    this.watcher?.stop();
    this.watcher = null;
    this.fence = undefined;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopChanges?.();
    this.stopChanges = null;
  }

  /** Reads what changed since the last look into the watcher (again while more came in). */
  private async changes(): Promise<void> {
    this.dirty = true;
    if (this.syncing || !this.watcher) return;
    this.syncing = true;
    const watcher = this.watcher;
    try {
      while (this.dirty && this.watcher === watcher) {
        this.dirty = false;
        const changes = await this.store.changesSince(this.version);
        if (!changes) {
          // The store cannot tell (Redis lost its data): start over from what it holds.
          const snapshot = await this.store.load();
          this.version = snapshot.version;
          if (this.watcher === watcher) watcher.start(snapshot);
          continue;
        }
        this.version = changes.version;
        if (this.watcher === watcher && (changes.changed.length > 0 || changes.removed.length > 0))
          watcher.apply(changes);
      }
    } catch {
      // Unreachable now; the next tick (or write) tries again.
    } finally {
      this.syncing = false;
    }
  }
}

/** The process's push runtime (the API's store and keys; the watcher once installed). */
export function pushRuntime(): PushRuntime {
  return processGlobal('pulse.push-runtime', () => new PushRuntime(clusterRedis()));
}

/** Called from instrumentation.ts: the watcher starts with the server, not on a first request. */
export function installPush(): void {
  const runtime = pushRuntime();
  runtime.install();
  // Given up at once on a graceful stop, so another instance takes the watching over now.
  const onSignal = () => void runtime.stop();
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
