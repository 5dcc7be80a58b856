/**
 * Issue 25 on two instances behind one Redis: a client's streams and topics are counted for the
 * cluster (not N times, one allowance per instance), as are its rate limits; a sign-out is refused
 * everywhere, also while Redis is down (changes then fail closed) and after Redis comes back empty;
 * and what an instance reads back from Redis is parsed like client input: a made-up event name or a
 * line break in the data never reaches a browser, a malformed topic never reaches the upstream.
 */
import Redis from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStream, signIn, type Stream } from '../attack/support/client';
import { raw, type App } from '../attack/support/servers';
import { ADMIN_PASSWORD, Cluster, OHLCV_1M, POOL } from './support/cluster';
import { sleep } from './support/wait';

const IP = 'x-test-client';
const cluster = new Cluster();

beforeAll(async () => {
  await cluster.start(2, {
    CLIENT_IP_HEADER: IP,
    STREAM_MAX_PER_CLIENT: '2',
    STREAM_MAX_TOPICS_PER_CLIENT: '4',
    RATE_GATEWAY_PER_MIN: '20',
  });
}, 300_000);

afterAll(() => cluster.stop());

const apps = () => cluster.apps as [App, App];

async function until<T>(probe: () => Promise<T | undefined>, label: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(200);
  }
}

it("a client's open streams, distinct topics and gateway reads are the cluster's, not each instance's; a dead instance's holds fade", async () => {
  const [a, b] = apps();
  const client = { [IP]: '10.40.0.1' };
  const held: Stream[] = [];
  try {
    held.push(await openStream(a.url, [OHLCV_1M], client));
    held.push(await openStream(b.url, [OHLCV_1M], client));
    expect(held.map((s) => s.status)).toEqual([200, 200]);
    // two open across the cluster: a third is refused on either instance
    const third = await openStream(a.url, [OHLCV_1M], client);
    expect(third.status).toBe(429);
    expect(third.body).toMatch(/open streams for one client/);
    for (const s of held.splice(0)) await s.close();

    // 3 distinct topics on one instance and 2 new ones on the other: 5 > 4
    const topics = ['1s', '1m', '1h', '1d', '1w'].map((i) => `ohlcv:evm:1:${POOL}:${i}`);
    held.push(await openStream(a.url, topics.slice(0, 3), client));
    expect(held[0]!.status).toBe(200);
    const more = await openStream(b.url, topics.slice(3), client);
    expect(more.status).toBe(429);
    expect(more.body).toMatch(/distinct topics/);
    for (const s of held.splice(0)) await s.close();

    // gateway reads: 20 a minute for the client, whichever instance answers
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const app = i % 2 ? b : a;
      statuses.push(
        (await raw(`${app.url}/api/price/v1/fiats`, { headers: { [IP]: '10.40.0.2' } })).status,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);

    // Streams held by an instance that died fade: a hold nobody renews expires (here: two already
    // expired ones, as a dead instance leaves them), and the client's places come back.
    const redis = new Redis(cluster.redis.url);
    try {
      const past = Date.now() - 1;
      await redis.zadd(
        'pulse:hold:stream:10.41.0.1',
        past,
        JSON.stringify({ h: 'dead-instance:1', u: [] }),
        past,
        JSON.stringify({ h: 'dead-instance:2', u: [] }),
      );
    } finally {
      redis.disconnect();
    }
    const revived = await openStream(a.url, [OHLCV_1M], { [IP]: '10.41.0.1' });
    expect(revived.status).toBe(200);
    held.push(revived);
  } finally {
    for (const s of held) await s.close();
  }
});

it('a sign-out is refused on every instance, while Redis is down too (changes fail closed), and after Redis comes back empty', async () => {
  const [a, b] = apps();
  const signOut = await signIn(a.url, ADMIN_PASSWORD);
  const keep = await signIn(a.url, ADMIN_PASSWORD);
  const out = await raw(`${a.url}/api/auth/logout`, {
    method: 'POST',
    headers: { cookie: signOut, origin: a.url },
  });
  expect(out.status).toBe(200);
  const change = async (app: App, cookie: string) =>
    (
      await raw(`${app.url}/api/tx/v1/addresses/batch-delete`, {
        method: 'POST',
        headers: { cookie, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify({
          wallets: [
            { chain_type: 'ethereum', address: ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] },
          ],
        }),
      })
    ).status;
  expect(await change(b, signOut)).toBe(401);
  expect(await change(b, keep)).toBe(200);

  await cluster.redis.stop();
  try {
    // a saw the sign-out: refused; b cannot ask, so it cannot tell a live session from a
    // signed-out copy: no change with either, with the reason
    expect(await change(a, signOut)).toBe(401);
    expect(await change(b, signOut)).toBe(503);
    const paused = await raw(`${b.url}/api/tx/v1/addresses/batch-delete`, {
      method: 'POST',
      headers: { cookie: keep, origin: b.url, 'content-type': 'application/json' },
      body: JSON.stringify({ wallets: [] }),
    });
    expect(paused.status).toBe(503);
    expect(JSON.parse(paused.body)).toMatchObject({ code: 503, data: null });
    const session = (await (
      await fetch(`${b.url}/api/auth/session`, { headers: { cookie: keep } })
    ).json()) as { signedIn: boolean; canChange: boolean; reason: string };
    expect(session).toMatchObject({ signedIn: true, canChange: false });
    expect(session.reason).toMatch(/session store cannot be reached/);
  } finally {
    await cluster.redis.start();
  }
  // Redis is back, empty: a remembers the sign-out and sends it again
  await until(async () => ((await change(b, keep)) === 200 ? true : undefined), 'changes again');
  await until(
    async () => ((await change(b, signOut)) === 401 ? true : undefined),
    'the sign-out shared again',
  );
});

it('what an instance reads back from Redis is parsed: no made-up event or line reaches a browser, no malformed topic reaches the upstream', async () => {
  const [a] = apps();
  const stream = await openStream(a.url, [OHLCV_1M], { [IP]: '10.42.0.1' });
  expect(stream.status).toBe(200);
  const redis = new Redis(cluster.redis.url);
  try {
    await stream.sse!.waitFor((e) => e.event === 'ohlcv', 30_000, 'a first candle');
    const seq = await redis.incr('pulse:seq');
    await redis.xadd(`pulse:s:${OHLCV_1M}`, `${seq}-0`, 'e', 'evil', 'd', '{"x":1}');
    const seq2 = await redis.incr('pulse:seq');
    await redis.xadd(
      `pulse:s:${OHLCV_1M}`,
      `${seq2}-0`,
      'e',
      'ohlcv',
      'd',
      '{"a":1}\n\nevent: transaction\ndata: {"injected":true}',
    );
    const member = JSON.stringify({
      kind: 'ohlcv',
      key: 'ohlcv:evm:1:../../etc:1m',
      chainType: 'evm',
      chainId: 1,
      pool: '../../etc',
      interval: '1m',
    });
    await redis.zadd('pulse:interest', Date.now() + 60_000, member);
    // later candles still arrive: the instance skipped what it could not read and went on
    const seen = stream.sse!.events.length;
    await stream.sse!.waitFor(
      (e) => e.event === 'ohlcv' && stream.sse!.events.indexOf(e) >= seen,
      30_000,
      'a candle after the garbage',
    );
    await sleep(2500);
    const names = new Set(stream.sse!.events.map((e) => e.event));
    for (const name of names)
      expect(['ohlcv', 'status', 'error', 'trade', 'transaction']).toContain(name);
    expect(stream.sse!.events.some((e) => e.data.includes('injected'))).toBe(false);
    expect(JSON.stringify(cluster.upstream.frames)).not.toContain('../../etc');
  } finally {
    redis.disconnect();
    await stream.close();
  }
});
