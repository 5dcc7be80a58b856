/**
 * The cluster's Redis pieces on a real `redis-server`: the upstream lease and its fencing, the
 * append script (one sequence for every topic, duplicates dropped, bounded streams) and the shared
 * cache's single upstream call for many instances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '@/lib/server/cluster/append';
import { Lease } from '@/lib/server/cluster/lease';
import { createClusterRedis, keys, type ClusterRedis } from '@/lib/server/cluster/redis';
import { sharedCache } from '@/lib/server/cluster/shared-cache';
import type { CachedResponse } from '@/lib/upstream/cache';
import { RedisServer } from '../support/redis';
import { sleep, until } from './support/wait';

const server = new RedisServer();
const connections: ClusterRedis[] = [];
const connect = async () => {
  const redis = createClusterRedis(server.url);
  connections.push(redis);
  const deadline = Date.now() + 5000;
  while (redis.state() !== 'up' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(redis.state()).toBe('up');
  return redis;
};

beforeAll(() => server.start());
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
  await server.stop();
});

describe('the upstream lease', () => {
  it('one holder at a time; a new holder gets a higher fence, and the old value can no longer write', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.client.del(keys.lease);
    const changes: Record<string, (string | null)[]> = { a: [], b: [] };
    const leaseA = new Lease(a, {
      instance: 'a',
      ttlMs: 600,
      tickMs: 100,
      onChange: (v) => changes.a!.push(v),
    });
    leaseA.start();
    await until(() => leaseA.held !== null, 'a to take the lease');
    const leaseB = new Lease(b, {
      instance: 'b',
      ttlMs: 600,
      tickMs: 100,
      onChange: (v) => changes.b!.push(v),
    });
    leaseB.start();
    await sleep(700); // longer than the lease's time to live: a renews it, b never gets it
    expect(leaseA.held).toMatch(/^a:\d+$/);
    expect(leaseB.held).toBeNull();
    const old = leaseA.held!;
    expect(
      await appendEvent(a.client, {
        topic: 't',
        event: 'ohlcv',
        data: '{}',
        lease: old,
        dedupe: '',
      }),
    ).toBeGreaterThan(0);

    await leaseA.stop(); // gives it up at once
    await until(() => leaseB.held !== null, 'b to take the lease');
    expect(leaseB.held).toMatch(/^b:\d+$/);
    expect(Number(leaseB.held!.split(':')[1])).toBeGreaterThan(Number(old.split(':')[1]));
    // The former holder's value is fenced off: nothing it writes is stored.
    expect(
      await appendEvent(a.client, {
        topic: 't',
        event: 'ohlcv',
        data: '{}',
        lease: old,
        dedupe: '',
      }),
    ).toBe(-1);
    expect(changes.a).toEqual([old, null]);
    await leaseB.stop();
  });

  it('a holder that dies without giving it up is replaced once its time to live runs out', async () => {
    const [a, b] = [await connect(), await connect()];
    await a.client.del(keys.lease);
    const leaseA = new Lease(a, {
      instance: 'a',
      ttlMs: 500,
      tickMs: 100,
      onChange: () => undefined,
    });
    leaseA.start();
    await until(() => leaseA.held !== null, 'a to take the lease');
    a.client.disconnect(); // the holder vanishes: no renewal, no release
    const leaseB = new Lease(b, {
      instance: 'b',
      ttlMs: 500,
      tickMs: 100,
      onChange: () => undefined,
    });
    const started = Date.now();
    leaseB.start();
    await until(() => leaseB.held !== null, 'b to take over');
    expect(leaseB.held).toMatch(/^b:/);
    // Not before a's time to live ran out (it never gave the lease up).
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await leaseB.stop();
  });
});

describe('appending events', () => {
  it('numbers events across topics in one sequence, drops a stored transaction, keeps streams bounded', async () => {
    const r = await connect();
    await r.client.flushall();
    const put = (topic: string, dedupe = '') =>
      appendEvent(r.client, {
        topic,
        event: 'transaction',
        data: '{}',
        lease: '',
        dedupe,
        maxLength: 5,
      });
    const seqs = [await put('x'), await put('y'), await put('x'), await put('y')];
    expect(seqs).toEqual([1, 2, 3, 4]);
    expect(await put('tx', 'eth:1:0xaa')).toBe(5);
    expect(await put('tx', 'eth:1:0xaa')).toBe(0); // the same transaction again: not stored
    expect(await put('tx@other', 'eth:1:0xaa')).toBe(6); // another topic's feed has its own
    for (let i = 0; i < 10; i++) await put('x');
    expect(await r.client.xlen(keys.stream('x'))).toBe(5);
    const ids = (await r.client.xrange(keys.stream('x'), '-', '+')).map(([id]) => id);
    expect(ids).toEqual(['12-0', '13-0', '14-0', '15-0', '16-0']);
    expect(await r.client.pttl(keys.stream('x'))).toBeGreaterThan(0);
  });
});

describe('the shared cache', () => {
  it('many instances missing at once make one upstream call, and share its answer until it expires', async () => {
    const instances = [await connect(), await connect(), await connect()];
    await instances[0]!.client.flushall();
    const tiers = instances.map((r) => sharedCache(r));
    let calls = 0;
    const fetch = async (): Promise<CachedResponse> => {
      calls++;
      await sleep(100);
      return { status: 200, body: `{"code":0,"n":${calls}}`, expires: Date.now() + 800 };
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => tiers[i % 3]!.load('price /quotes/latest?ids=1', fetch)),
    );
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['{"code":0,"n":1}']));
    // Every copy keeps the first instance's expiry: the window ends at once everywhere.
    expect(new Set(answers.map((a) => a.expires)).size).toBe(1);
    await sleep(900);
    await Promise.all(tiers.map((t) => t.load('price /quotes/latest?ids=1', fetch)));
    expect(calls).toBe(2);
  });

  it('a failed answer is not shared, and without Redis each instance asks for itself', async () => {
    const r = await connect();
    const tier = sharedCache(r);
    let calls = 0;
    const failing = async (): Promise<CachedResponse> => {
      calls++;
      return { status: 502, body: '{"code":502}', expires: 0, failure: 'unreachable' };
    };
    await tier.load('price /pools', failing);
    await tier.load('price /pools', failing);
    expect(calls).toBe(2);
    r.client.disconnect();
    await sleep(50);
    const alone = await tier.load('price /pools', async () => ({
      status: 200,
      body: '{"code":0}',
      expires: Date.now() + 1000,
    }));
    expect(alone.body).toBe('{"code":0}');
    expect(tier.stats.alone).toBeGreaterThan(0);
  });
});
