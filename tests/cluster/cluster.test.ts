/**
 * Many instances, one upstream (docs/deploying.md, "Running many instances"): three `next start` instances of
 * this build share a real `redis-server` and the simulator behind a recorder that counts every
 * upstream request, WebSocket and frame. What a viewer and the upstream see: one socket and one
 * subscription however many streams on however many instances, one quotes call per cache window,
 * a reconnect anywhere that resumes exactly, and nothing lost when the lease holder dies, an
 * instance is stopped, or Redis goes away and comes back.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventSourceMessage } from 'eventsource-parser';
import { txIdentity } from '@/lib/contracts/tx/identity';
import { openStream, type Stream } from '../attack/support/client';
import type { App } from '../attack/support/servers';
import { raw } from '../attack/support/servers';
import { signIn } from '../attack/support/client';
import { ADMIN_PASSWORD, Cluster, OHLCV_1M, OHLCV_1S, POOL } from './support/cluster';
import { sleep, until as untilEvery } from './support/wait';

const cluster = new Cluster();
const alive = new Set<App>();

beforeAll(async () => {
  await cluster.start(3);
  for (const app of cluster.apps) alive.add(app);
}, 300_000);

afterAll(() => cluster.stop());

const seqOf = (id: string | undefined) => Number((id ?? '').split('-')[0]);
const events = (s: Stream, name: string) => s.sse!.events.filter((e) => e.event === name);
const transactions = (s: Stream) =>
  events(s, 'transaction').map((e) => ({
    seq: seqOf(e.id),
    key: txIdentity(JSON.parse(e.data) as Record<string, unknown>),
  }));
const openTimes = (list: EventSourceMessage[]) =>
  list.map((e) => (JSON.parse(e.data) as { open_time: number }).open_time);

// Polled every 100 ms: some conditions read hundreds of streams.
const until = (condition: () => boolean, label: string, timeoutMs = 20_000) =>
  untilEvery(condition, label, timeoutMs, 100);

/** Every second from the first candle to the last is there (1-second candles). */
function missingSeconds(times: number[]): number[] {
  const have = new Set(times);
  const missing: number[] = [];
  for (let t = Math.min(...times); t <= Math.max(...times); t++) if (!have.has(t)) missing.push(t);
  return missing;
}

it('300 streams spread over three instances on one pool make one upstream kline socket and one subscription', async () => {
  const streams = await Promise.all(
    Array.from({ length: 300 }, (_, i) => openStream(cluster.apps[i % 3]!.url, [OHLCV_1M])),
  );
  expect(streams.map((s) => s.status)).toEqual(Array(300).fill(200));
  await Promise.all(
    streams.map((s) => s.sse!.waitFor((e) => e.event === 'ohlcv', 30_000, 'a candle')),
  );
  const subscribes = cluster.upstream.frames.filter(
    (f) => f.path.includes('/kline/') && f.message?.type === 'subscribe',
  );
  expect(cluster.openSockets('/kline/')).toBe(1);
  expect(subscribes).toHaveLength(1);
  expect(
    String((subscribes[0]!.message!.data as { pool_address: string }).pool_address).toLowerCase(),
  ).toBe(POOL);
  console.log(
    `[cluster] 300 streams on 3 instances: ${cluster.openSockets('/kline/')} kline socket, ${subscribes.length} subscribe frame`,
  );
  await Promise.all(streams.map((s) => s.close()));
});

it('100 pollers spread over three instances make at most one upstream quotes call per 3-second window', async () => {
  const path = '/api/price/v1/quotes/latest?ids=1,1027';
  const from = cluster.upstream.requests.length;
  const started = Date.now();
  const statuses = await Promise.all(
    Array.from({ length: 100 }, async (_, i) => {
      const seen: number[] = [];
      for (let k = 0; k < 4; k++) {
        const r = await fetch(`${cluster.apps[i % 3]!.url}${path}`);
        await r.arrayBuffer();
        seen.push(r.status);
        await sleep(900 + (i % 10) * 40);
      }
      return seen;
    }),
  );
  const elapsed = Date.now() - started;
  expect(statuses.flat().every((s) => s === 200)).toBe(true);
  const calls = cluster.upstream.times
    .slice(from)
    .filter((_, j) => cluster.upstream.requests[from + j]!.path.includes('/quotes/latest'));
  const windows = Math.ceil(elapsed / 3000);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.length).toBeLessThanOrEqual(windows);
  // Never two calls within one window: each answer is shared until it expires.
  for (let i = 1; i < calls.length; i++)
    expect(calls[i]! - calls[i - 1]!).toBeGreaterThanOrEqual(2900);
  console.log(
    `[cluster] 400 polls over ${elapsed} ms on 3 instances: ${calls.length} upstream quotes calls (${windows} windows)`,
  );
});

it('a stream closed on one instance and reopened on another with Last-Event-ID gets every event in between, once', async () => {
  const [a, b, c] = cluster.apps as [App, App, App];
  const control = await openStream(c.url, ['tx']);
  const first = await openStream(a.url, ['tx']);
  await until(() => transactions(first).length >= 3, 'three transactions on the first stream');
  await first.close();
  const lastId = first.sse!.events.filter((e) => e.id).at(-1)!.id!;
  await sleep(2500); // transactions go on meanwhile
  const missedSoFar = transactions(control).filter((t) => t.seq > seqOf(lastId)).length;
  expect(missedSoFar).toBeGreaterThan(0);
  const second = await openStream(b.url, ['tx'], { 'last-event-id': lastId });
  expect(second.status).toBe(200);
  await until(
    () => transactions(second).length >= missedSoFar + 3,
    'the missed transactions and three live ones',
  );
  const upTo = Math.min(transactions(second).at(-1)!.seq, transactions(control).at(-1)!.seq);
  const expected = transactions(control).filter((t) => t.seq > seqOf(lastId) && t.seq <= upTo);
  const got = transactions(second).filter((t) => t.seq <= upTo);
  expect(got).toEqual(expected);
  expect(new Set(got.map((t) => t.key)).size).toBe(got.length);
  expect(events(second, 'status').some((e) => e.data.includes('resync'))).toBe(false);
  console.log(
    `[cluster] resumed on another instance: ${expected.length} missed transactions replayed, none twice`,
  );
  await Promise.all([control.close(), second.close()]);
});

it('sign-out on one instance ends the session on every instance', async () => {
  const [a, b, c] = cluster.apps as [App, App, App];
  const cookie = await signIn(a.url, ADMIN_PASSWORD);
  const signedIn = async (app: App) =>
    (
      (await (await fetch(`${app.url}/api/auth/session`, { headers: { cookie } })).json()) as {
        signedIn: boolean;
      }
    ).signedIn;
  expect([await signedIn(a), await signedIn(b), await signedIn(c)]).toEqual([true, true, true]);
  const out = await raw(`${a.url}/api/auth/logout`, {
    method: 'POST',
    headers: { cookie, origin: a.url },
  });
  expect(out.status).toBe(200);
  // A saved copy of the cookie, replayed to the other instances.
  expect([await signedIn(b), await signedIn(c)]).toEqual([false, false]);
});

it("the limits are the cluster's: wrong webhook signatures are counted across instances", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const app = cluster.apps[i % 3]!;
    const r = await raw(`${app.url}/api/webhooks/tx`, {
      method: 'POST',
      headers: { sign: `wrong-${i}`, 'content-type': 'application/json' },
      body: '[]',
    });
    statuses.push(r.status);
  }
  // 4 per minute (WEBHOOK_BAD_SIGN_PER_MIN) for the whole cluster, not 4 per instance.
  expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
});

it('with Redis stopped and restarted, streams go on and no instance crashes', async () => {
  const streams = await Promise.all(cluster.apps.map((a) => openStream(a.url, [OHLCV_1S, 'tx'])));
  await Promise.all(
    streams.map((s) => s.sse!.waitFor((e) => e.event === 'ohlcv', 20_000, 'a candle')),
  );
  await cluster.redis.stop();
  let counts = streams.map((s) => events(s, 'ohlcv').length);
  await until(
    () => streams.every((s, i) => events(s, 'ohlcv').length >= counts[i]! + 3),
    'candles while Redis is down',
  );
  for (const s of streams)
    expect(events(s, 'status').some((e) => e.data.includes('"state":"local"'))).toBe(true);
  for (const app of cluster.apps) {
    const health = await cluster.health(app);
    expect(health?.cluster).toMatchObject({ redis: 'down', streams: 'local' });
  }

  await cluster.redis.start();
  const deadline = Date.now() + 20_000;
  for (const app of cluster.apps) {
    for (;;) {
      const h = await cluster.health(app);
      if (h?.cluster?.redis === 'up' && h.cluster.streams === 'cluster') break;
      if (Date.now() > deadline) throw new Error('an instance did not return to the cluster');
      await sleep(200);
    }
  }
  await cluster.holder();
  counts = streams.map((s) => events(s, 'ohlcv').length);
  await until(
    () => streams.every((s, i) => events(s, 'ohlcv').length >= counts[i]! + 3),
    'candles from the cluster again',
  );
  for (const app of cluster.apps) expect((await cluster.health(app))?.cluster?.redis).toBe('up');
  await Promise.all(streams.map((s) => s.close()));
});

it('SIGTERM: the instance exits within 10 s and its streams resume on another instance without a gap', async () => {
  const holder = await cluster.holder();
  const [target, other] = [...alive].filter((a) => a !== holder) as [App, App];
  const control = await openStream(other.url, ['tx', OHLCV_1S]);
  const clients = await Promise.all([0, 1, 2].map(() => openStream(target.url, ['tx', OHLCV_1S])));
  await until(
    () => clients.every((c) => transactions(c).length >= 2),
    'transactions on the streams of the instance to stop',
  );
  const started = Date.now();
  const exited = target.signal('SIGTERM');
  const resumed = await Promise.all(
    clients.map(async (c) => {
      await c.sse!.ended;
      const lastId = c.sse!.events.filter((e) => e.id).at(-1)!.id!;
      // The retry hint was 250 ms: a browser reconnects about then, here to the instance still up.
      await sleep(250);
      return openStream(other.url, ['tx', OHLCV_1S], { 'last-event-id': lastId });
    }),
  );
  const code = await exited;
  const took = Date.now() - started;
  alive.delete(target);
  // A clean exit: 0, not a kill by the signal (128+) and not still running (null).
  expect(code).toBe(0);
  expect(took).toBeLessThan(10_000);
  for (const r of resumed) expect(r.status).toBe(200);
  await until(
    () => resumed.every((r) => transactions(r).length >= 3),
    'live transactions after the reconnect',
  );
  const upTo = Math.min(...resumed.map((r) => transactions(r).at(-1)!.seq));
  for (const [i, c] of clients.entries()) {
    const r = resumed[i]!;
    const got = [...transactions(c), ...transactions(r)].filter((t) => t.seq <= upTo);
    const from = got[0]!.seq;
    const expected = transactions(control).filter((t) => t.seq >= from && t.seq <= upTo);
    expect(got).toEqual(expected);
    expect(events(r, 'status').some((e) => e.data.includes('resync'))).toBe(false);
    expect(missingSeconds(openTimes([...events(c, 'ohlcv'), ...events(r, 'ohlcv')]))).toEqual([]);
  }
  console.log(
    `[cluster] SIGTERM with 3 open streams: exited in ${took} ms; each stream resumed on another instance with no gap`,
  );
  await Promise.all([control.close(), ...resumed.map((r) => r.close())]);
});

it('killing the lease holder mid-stream loses no transaction and leaves no candle gap on the other instances', async () => {
  const holder = await cluster.holder();
  const survivors = [...alive].filter((a) => a !== holder);
  expect(survivors.length).toBeGreaterThan(0);
  const streams = await Promise.all(survivors.map((a) => openStream(a.url, ['tx', OHLCV_1S])));
  await until(() => streams.every((s) => s.sse!.events.length > 0), 'streams attached');
  // Pushes from here on must reach every stream (earlier ones came before it followed `tx`).
  const openedAt = Date.now() + 300;
  await until(
    () =>
      Date.now() - openedAt > 2000 &&
      streams.every((s) => transactions(s).length >= 3 && events(s, 'ohlcv').length >= 2),
    'transactions and candles before the kill',
  );
  const killedAt = Date.now();
  await holder.signal('SIGKILL');
  alive.delete(holder);
  await cluster.holder(15_000, survivors);
  const tookOver = Date.now() - killedAt;
  const seenAtKill = streams.map((s) => transactions(s).length);
  await until(
    () => streams.every((s, i) => transactions(s).length >= seenAtKill[i]! + 5),
    'five transactions relayed by the new holder',
    30_000,
  );
  // Whatever the upstream pushed up to now has reached the streams a moment later.
  const settledAt = Date.now();
  await sleep(1500);
  // Every transaction the upstream pushed while the streams were open reached every stream, once.
  const pushed = new Set<string>();
  const sides = { before: 0, after: 0 };
  for (const socket of cluster.upstream.sockets.filter((s) => s.path.includes('/tx/')))
    for (const p of socket.pushed)
      if (p.message.type === 'transaction' && p.at >= openedAt && p.at <= settledAt) {
        pushed.add(txIdentity(p.message.data as Record<string, unknown>));
        sides[p.at < killedAt ? 'before' : 'after']++;
      }
  // Pushed to the holder that died, and to the one that took over (its re-sends and new ones).
  expect(sides.before).toBeGreaterThan(0);
  expect(sides.after).toBeGreaterThan(0);
  for (const s of streams) {
    const keys = transactions(s).map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...pushed].filter((k) => !keys.includes(k))).toEqual([]);
    expect(missingSeconds(openTimes(events(s, 'ohlcv')))).toEqual([]);
  }
  console.log(
    `[cluster] lease holder killed: another instance held the lease after ${tookOver} ms; ${pushed.size} transactions pushed, none lost or doubled, no candle gap`,
  );
  await Promise.all(streams.map((s) => s.close()));
});
