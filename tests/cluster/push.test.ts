/**
 * Server-side alerts over Web Push on a cluster (docs/push.md): the Redis store's fenced, deduped
 * commits on a real `redis-server`, then three `next start` instances sharing it and the simulator,
 * with a push service on a local port holding a browser's keys. One watcher for the cluster (the
 * push lease holder): every instance signs with the same VAPID key, a pool price crossing and each
 * monitored wallet transaction arrive exactly once, the upstream sees one subscription for the pool,
 * and when the holder dies another takes over without losing or repeating a firing.
 */
import { createECDH } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClusterRedis, type ClusterRedis } from '@/lib/server/cluster/redis';
import { resetVapidKeys, vapidKeys } from '@/lib/server/push/keys';
import { pushKeys, RedisStore } from '@/lib/server/push/redis-store';
import { alertKey, recordId, type AlertState, type PushAlert } from '@/lib/server/push/schema';
import type { App } from '../attack/support/servers';
import { comingPoolCrossing, UNISWAP } from '../support/forecast';
import { TestPushService } from '../support/push-service';
import { RedisServer } from '../support/redis';
import { Cluster } from './support/cluster';
import { sleep } from './support/wait';

const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('the Redis push store', () => {
  const server = new RedisServer();
  let redis: ClusterRedis;
  beforeAll(async () => {
    await server.start();
    redis = createClusterRedis(server.url);
    const deadline = Date.now() + 5000;
    while (redis.state() !== 'up' && Date.now() < deadline) await sleep(20);
  });
  afterAll(async () => {
    await redis?.quit();
    await server.stop();
  });

  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const alert: PushAlert = {
    kind: 'pool-price',
    chain_type: 'evm',
    chain_id: 1,
    pool_address: UNISWAP,
    direction: 'above',
    price: 3714,
  };
  const record = (n: number) => ({
    id: recordId(`cluster-capability-${n}`.padEnd(22, 'x')),
    endpoint: 'https://push.example/x',
    keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: 'tBHItJI5svbpez7KI4CCXg' },
    alerts: [alert],
    scope: null,
    createdAt: 1,
    updatedAt: 1,
  });
  const fired: AlertState = {
    armed: false,
    ref: 3715,
    firedAt: 1,
    firedPrice: 3715,
    fires: 1,
    gen: 'g',
  };

  it('commits a firing once, and only for the holder of the push lease', async () => {
    const store = new RedisStore(redis);
    const rec = record(1);
    expect(await store.create(rec)).toBe('ok');
    await redis.client.set(pushKeys.lease, 'node-1:7');
    const key = alertKey(alert);
    const firing = { dedupeId: `${rec.id}:${key}:g:1`, ttlMs: 60_000 };
    const states = new Map([[key, fired]]);
    // A former holder (paused past its lease) is fenced off.
    expect(await store.commit(rec.id, states, firing, 'node-2:6')).toBe('not-holder');
    const both = await Promise.all([
      store.commit(rec.id, states, firing, 'node-1:7'),
      store.commit(rec.id, states, firing, 'node-1:7'),
    ]);
    expect(both.sort()).toEqual(['duplicate', 'ok']);
    expect((await store.states(rec.id)).get(key)).toEqual(fired);
    expect(await store.commit(record(99).id, states, undefined, 'node-1:7')).toBe('gone');
  });

  it('tells a watcher only what changed since its last look, removals included', async () => {
    const store = new RedisStore(redis);
    const start = (await store.load()).version;
    const a = record(2);
    const b = record(3);
    await store.create(a);
    await store.create(b);
    const first = await store.changesSince(start);
    expect(first?.changed.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    await store.remove(a.id);
    await store.replace({ ...b, alerts: [] });
    const second = await store.changesSince(first!.version);
    expect(second?.removed).toEqual([a.id]);
    expect(second?.changed.map((r) => r.id)).toEqual([b.id]);
    expect((await store.states(b.id)).size).toBe(0);
    // Redis that lost its data: the watcher must load everything again.
    await redis.client.set(pushKeys.version, '0');
    expect(await store.changesSince(second!.version)).toBeNull();
  });

  it('a process that just started makes its VAPID key as it starts, once its first connection is up', async () => {
    // As the server starts (install.ts): a connection still being made, whose commands fail at once.
    const starting = createClusterRedis(server.url);
    try {
      expect(starting.state()).toBe('connecting');
      await expect(starting.client.get(pushKeys.lease)).rejects.toThrow(/offline/i);
      resetVapidKeys();
      const keys = await vapidKeys(starting);
      expect(JSON.parse((await redis.client.get('pulse:push:vapid')) ?? '{}')).toMatchObject({
        publicKey: keys.publicKey,
      });
    } finally {
      resetVapidKeys();
      await starting.quit();
    }
    // A Redis lost later never holds a caller: the wait is for the first connection only.
    if (starting.client.status !== 'end')
      await new Promise((resolve) => starting.client.once('end', resolve));
    expect(starting.state()).toBe('down');
    const held = sleep(5000).then(() => 'held');
    expect(await Promise.race([starting.ready(60_000), held])).toBe(false);
  });

  it('keeps at most its cap of subscriptions', async () => {
    const store = new RedisStore(redis, 4);
    const results = [];
    for (let i = 10; i < 14; i++) results.push(await store.create(record(i)));
    expect(results.filter((r) => r === 'full').length).toBeGreaterThan(0);
  });
});

describe('three instances, one watcher', () => {
  const cluster = new Cluster();
  const push = new TestPushService();
  let redis: Redis;
  const alive = new Set<App>();

  beforeAll(async () => {
    await push.start();
    await cluster.start(3, {
      PUSH_ALLOW_PRIVATE: '1',
      VAPID_SUBJECT: 'https://pulse.test/contact',
      LOG_LEVEL: 'warn',
    });
    for (const app of cluster.apps) alive.add(app);
    redis = new Redis(cluster.redis.url);
  }, 300_000);

  afterAll(async () => {
    redis?.disconnect();
    await cluster.stop();
    await push.stop();
  });

  const call = (app: App, method: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The instance whose watcher holds the push lease. */
  async function watcher(): Promise<App> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const value = await redis.get(pushKeys.lease);
      const name = value?.split(':')[0];
      const app = [...alive].find((a) => name === nameOf(a));
      if (app) return app;
      await sleep(200);
    }
    throw new Error('no instance holds the push lease');
  }
  const nameOf = (app: App) => `node-${cluster.apps.indexOf(app) + 1}`;

  const walletPushes = () =>
    push.received
      .filter((p) => p.path === '/push/wallet')
      .map((p) => (p.payload as { url: string }).url);

  it('every instance signs with the same VAPID key, made once as it started', async () => {
    const answers = await Promise.all(
      cluster.apps.map(async (app) => {
        const r = await call(app, 'GET', '/api/push/key');
        return { status: r.status, ...((await r.json()) as { publicKey?: string }) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const keys = answers.map((a) => a.publicKey);
    expect(new Set(keys).size).toBe(1);
    // Made as each instance started, not on this first request: none logged a failure.
    for (const app of cluster.apps) expect(app.log).not.toContain('no VAPID keys');
    expect(JSON.parse((await redis.get('pulse:push:vapid')) ?? '{}')).toMatchObject({
      publicKey: keys[0],
    });
  });

  it('a pool crossing and each wallet transaction are pushed exactly once, with one upstream subscription for the pool', async () => {
    const crossing = await comingPoolCrossing(cluster.upstream);
    const [a, b, c] = cluster.apps;
    const pool = await call(a!, 'POST', '/api/push/subscriptions', {
      subscription: push.subscription('/push/pool'),
      alerts: [
        {
          kind: 'pool-price',
          chain_type: crossing.pool.chain_type,
          chain_id: crossing.pool.chain_id,
          pool_address: crossing.pool.pool_address,
          direction: crossing.direction,
          price: crossing.level,
        },
      ],
    });
    expect(pool.status).toBe(201);
    const poolId = ((await pool.json()) as { id: string }).id;
    const wallet = await call(b!, 'POST', '/api/push/subscriptions', {
      subscription: push.subscription('/push/wallet'),
      alerts: [{ kind: 'wallet', address: WALLET, label: 'Main' }],
    });
    expect(wallet.status).toBe(201);
    // Read on a third instance: the subscription is the cluster's.
    expect((await call(c!, 'GET', `/api/push/subscriptions/${poolId}`)).status).toBe(200);

    const waitMs = Math.max(0, crossing.closesAt * 1000 - Date.now()) + 60_000;
    const received = await push.waitFor((p) => p.path === '/push/pool', waitMs, 'the crossing');
    expect(received.at - crossing.closesAt * 1000).toBeLessThan(60_000);
    expect(received.jwt.sub).toBe('https://pulse.test/contact');
    await push.waitFor((p) => p.path === '/push/wallet', 60_000, 'a transaction');
    // Every instance had its chance to send it too: still one each.
    await sleep(5000);
    expect(push.received.filter((p) => p.path === '/push/pool')).toHaveLength(1);
    const urls = walletPushes();
    expect(new Set(urls).size).toBe(urls.length);
    const subscribes = cluster.upstream.frames.filter(
      (f) =>
        f.path.includes('/kline/') &&
        f.message?.type === 'subscribe' &&
        String((f.message.data as { pool_address?: string }).pool_address).toLowerCase() ===
          crossing.pool.pool_address.toLowerCase(),
    );
    expect(subscribes).toHaveLength(1);
    expect(cluster.openSockets('/kline/')).toBe(1);
  }, 300_000);

  it('when the watching instance dies another takes over: wallet pushes go on, none twice, the fired crossing not again', async () => {
    const holder = await watcher();
    const before = walletPushes().length;
    await holder.signal('SIGKILL');
    alive.delete(holder);
    const next = await watcher();
    expect(next).not.toBe(holder);
    // At most 10 pushes a minute per subscription (a cap): the next minute's come from the new holder.
    const deadline = Date.now() + 90_000;
    while (walletPushes().length <= before + 1 && Date.now() < deadline) await sleep(250);
    expect(walletPushes().length).toBeGreaterThan(before + 1);
    const urls = walletPushes();
    expect(new Set(urls).size, 'each transaction once').toBe(urls.length);
    expect(push.received.filter((p) => p.path === '/push/pool')).toHaveLength(1);
    expect(push.rejected).toEqual([]);
  }, 150_000);
});
