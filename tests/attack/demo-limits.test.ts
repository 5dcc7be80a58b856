/**
 * Issue 25 on the public demo (built-in simulator, no password): newcomers cannot take an active
 * visitor's sandbox, whatever their number and addresses; what a visitor may make the server keep is
 * bounded; the sandbox cookie cannot be planted from a sibling subdomain over HTTPS; the webhook URL
 * filter refuses ::/96 and its refusals read alike. Many addresses are played through CLIENT_IP_HEADER
 * (a proxy's header, which also makes X-Forwarded-Proto trusted). The tests run in order on one
 * server: the floods come last, once the demo's other sandboxes (all changed lately) are made.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_ADDRESS } from '@/lib/sim/tx/outbound';
import { eventually, openStream } from './support/client';
import { App, countingListener } from './support/servers';

const ETH = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const IP = 'x-test-client';
const MAX = 40;

let app: App;

beforeAll(async () => {
  app = new App({
    CLIENT_IP_HEADER: IP,
    DEMO_SANDBOX_MAX: String(MAX),
    DEMO_SANDBOX_EVENTS_PER_MIN: '20',
    RATE_GATEWAY_PER_MIN: '100000',
    RATE_GATEWAY_WRITES_PER_MIN: '100000',
    SIM_TX_INTERVAL_MS: '1000',
  });
  await app.start();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

interface Reply {
  status: number;
  body: { code?: number; message?: string; data?: unknown };
  setCookie: string | null;
}

/** One gateway call as a browser of `address` would make it (with its cookie, if any). */
async function call(
  address: string,
  method: string,
  path: string,
  init: { cookie?: string; body?: unknown; https?: boolean } = {},
): Promise<Reply> {
  const r = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      [IP]: address,
      ...(method === 'GET' ? {} : { origin: app.url, 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.https ? { 'x-forwarded-proto': 'https' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await r.text();
  let body: Reply['body'] = {};
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    // not JSON
  }
  const setCookie = r.headers.getSetCookie().find((c) => /pulse_demo=/.test(c)) ?? null;
  return { status: r.status, body, setCookie };
}

const cookieOf = (reply: Reply) => (reply.setCookie ?? '').split(';')[0]!;
const settle = (address: string, cookie?: string, seconds = 99) =>
  call(address, 'PUT', '/api/tx/v1/app/config', {
    cookie,
    body: { ws_ack_resend_interval_seconds: seconds },
  });
const resendOf = async (address: string, cookie: string) =>
  (
    (await call(address, 'GET', '/api/tx/v1/app/config', { cookie })).body.data as {
      ws_ack_resend_interval_seconds: number;
    }
  ).ws_ack_resend_interval_seconds;
const hash = () => `0x${randomBytes(32).toString('hex')}`;
const replayOf = (txHash: string, data: Record<string, unknown> = {}) => ({
  id: `attack-${txHash.slice(2, 10)}`,
  time: Date.now(),
  type: 'transaction',
  code: 0,
  msg: 'success',
  data: { chain_type: 'ethereum', chain_id: 1, tx_hash: txHash, receiver: ETH, ...data },
});

/** Sends `count` requests, `width` at a time. */
async function flood<T>(
  count: number,
  width: number,
  one: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(width, count - i) }, (_, j) => one(i + j)),
      )),
    );
  return out;
}

describe('the webhook URL filter', () => {
  it('[::127.0.0.1] (IPv4-compatible IPv6) gets no connection, and every refusal reads alike', async () => {
    const listener = await countingListener();
    try {
      const reasons = new Map<string, unknown>();
      for (const [i, url] of [
        `http://[::127.0.0.1]:${listener.port}/hook`,
        `http://localhost:${listener.port}/hook`,
        'http://nonexistent.invalid/hook',
      ].entries()) {
        const address = `10.6.0.${i + 1}`;
        const put = await call(address, 'PUT', '/api/tx/v1/app/config', {
          body: { enable_webhook: true, webhook_url: url, webhook_secret: 'x' },
        });
        expect(put.status, url).toBe(200);
        const cookie = cookieOf(put);
        expect(
          (
            await call(address, 'POST', '/api/tx/v1/transaction/ws/replay', {
              cookie,
              body: replayOf(hash()),
            })
          ).status,
        ).toBe(200);
        const status = await eventually(async () => {
          const data = (
            await call(address, 'GET', '/api/tx/v1/app/webhook/retry/status', { cookie })
          ).body.data as Record<string, unknown>;
          return data.webhook_delivery_status === 'retrying' ? data : undefined;
        }, `the delivery to ${url} to fail`);
        reasons.set(url, status.webhook_last_failure_reason);
      }
      expect([...new Set(reasons.values())]).toEqual([REFUSED_ADDRESS]);
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });
});

describe('the sandbox cookie over HTTPS', () => {
  it('is __Host-pulse_demo with Secure, and a pulse_demo planted by a sibling subdomain is not read', async () => {
    const page = await fetch(`${app.url}/nope`, {
      headers: { [IP]: '10.5.0.1', 'x-forwarded-proto': 'https' },
    });
    await page.arrayBuffer();
    const set = page.headers.getSetCookie().find((c) => /pulse_demo=/.test(c)) ?? '';
    expect(set).toMatch(
      /^__Host-pulse_demo=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(set).not.toMatch(/Domain=/);

    // The attacker's own sandbox (it may have been made over plain HTTP or HTTPS: same value).
    const attacker = await settle('10.5.0.2', undefined, 55);
    const value = cookieOf(attacker).split('=')[1]!;
    // The victim's browser carries the planted cookie; its first change must not land there.
    const victim = await call('10.5.0.3', 'PUT', '/api/tx/v1/app/config', {
      cookie: `pulse_demo=${value}`,
      https: true,
      body: { ws_ack_resend_interval_seconds: 66 },
    });
    expect(victim.status).toBe(200);
    expect(victim.setCookie).toMatch(/^__Host-pulse_demo=/);
    expect(await resendOf('10.5.0.2', `pulse_demo=${value}`)).toBe(55);
  });
});

describe("a visitor's live feed", () => {
  it('follows the shared demo until the first change makes the sandbox, then their own (the stream ends, the browser reconnects)', async () => {
    const address = '10.7.0.1';
    const page = await fetch(`${app.url}/nope`, { headers: { [IP]: address } });
    await page.arrayBuffer();
    const cookie = page.headers
      .getSetCookie()
      .find((c) => c.startsWith('pulse_demo='))!
      .split(';')[0]!;
    const shared = await openStream(app.url, ['tx'], { cookie, [IP]: address });
    expect(shared.status).toBe(200);
    const secret = hash();
    const replay = await call(address, 'POST', '/api/tx/v1/transaction/ws/replay', {
      cookie,
      body: replayOf(secret),
    });
    expect(replay.status).toBe(200);
    // What EventSource does when the server ends a stream: reconnect with the same cookie.
    await shared.sse!.ended;
    const own = await openStream(app.url, ['tx'], { cookie, [IP]: address });
    try {
      expect(own.status).toBe(200);
      await own.sse!.waitFor(
        (e) => e.event === 'transaction' && e.data.includes(secret),
        15_000,
        "the replay in the visitor's own feed",
      );
    } finally {
      await shared.close();
      await own.close();
    }
  });
});

describe('sandboxes are bounded in bytes', () => {
  it('60 replays of 250 KB are refused whole; 60 of the largest a sandbox keeps leave the server within 10 MB', async () => {
    // a new sandbox (and address) every 20 replays: within one address's allowances
    const replayRound = async (round: number, body: (txHash: string) => unknown) => {
      const statuses: number[] = [];
      let cookie = '';
      for (let i = 0; i < 60; i++) {
        const address = `10.60.${round}.${Math.floor(i / 20)}`;
        if (i % 20 === 0) cookie = '';
        const r = await call(address, 'POST', '/api/tx/v1/transaction/ws/replay', {
          cookie: cookie || undefined,
          body: body(hash()),
        });
        if (r.setCookie) cookie = cookieOf(r);
        statuses.push(r.status);
      }
      return statuses;
    };
    const big = (txHash: string) => replayOf(txHash, { method_call: 'x'.repeat(250 * 1024) });
    // the largest replay kept: 26 full token transfers with long fields, ~14.6 KB of JSON
    const largest = (txHash: string) =>
      replayOf(txHash, {
        token_transfers: Array.from({ length: 26 }, (_, i) => ({
          from_address: ETH,
          to_address: ETH,
          token_contract_address: ETH,
          symbol: `T${i}`.padEnd(120, 'x'),
          amount: '1'.repeat(78),
          decimals: 18,
          is_from_contract: false,
          is_to_contract: false,
          from_token_address: null,
          to_token_address: null,
          mint: null,
          program_id: null,
        })),
      });
    // 250 KB is far over a push message: refused before anything is kept
    expect(new Set(await replayRound(0, big))).toEqual(new Set([413]));
    // Resident memory also grows with garbage the collector has not returned yet and with the
    // allocator's own growth (a few MB a round on this busy machine, whatever is kept), which only
    // ever adds to a round's figure; what the replays leave behind is in every round. So: one round
    // warms the route up, then the smallest growth of three rounds is what 60 replays keep.
    expect(new Set(await replayRound(1, largest))).toEqual(new Set([200]));
    const growth: number[] = [];
    for (const round of [2, 3, 4]) {
      const before = app.rss();
      expect(new Set(await replayRound(round, largest))).toEqual(new Set([200]));
      growth.push(app.rss() - before);
    }
    const mb = growth.map((g) => (g / 1048576).toFixed(1));
    console.log(`[attack] 60 replays of ~14.6 KB: server RSS grew ${mb.join(', ')} MB per round`);
    expect(Math.min(...growth)).toBeLessThan(10 * 1024 * 1024);
  });

  it('every string and list of a replay is bounded', async () => {
    const address = '10.60.0.2';
    const long = await call(address, 'POST', '/api/tx/v1/transaction/ws/replay', {
      body: replayOf(hash(), { method_call: 'm'.repeat(5000) }),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 400, data: null });
    expect(long.body.message).toMatch(/method_call: at most \d+ characters/);
    const many = await call(address, 'POST', '/api/tx/v1/transaction/ws/replay', {
      body: replayOf(hash(), { listenAddress: Array(500).fill(ETH) }),
    });
    expect(many.status).toBe(413);
  });
});

describe("nobody takes an active visitor's sandbox", () => {
  it('600 newcomers from one address: the visitor keeps its settings; past its allowance the address gets the sentence', async () => {
    const visitor = '10.1.0.1';
    const mine = cookieOf(await settle(visitor));
    expect(await resendOf(visitor, mine)).toBe(99);
    const stream = await openStream(app.url, ['tx'], { cookie: mine, [IP]: visitor });
    expect(stream.status).toBe(200);
    try {
      const replies = await flood(600, 20, () => settle('10.9.9.9', undefined, 42));
      const refused = replies.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(590);
      expect(refused[0]?.body).toMatchObject({ code: 429, data: null });
      expect(refused[0]?.body.message).toMatch(/shared demo, read-only/);
      expect(await resendOf(visitor, mine)).toBe(99);
    } finally {
      await stream.close();
    }
  });

  it('newcomers from 60 addresses fill the demo: they get the shared demo and the sentence; visitors with a stream or a recent change keep theirs', async () => {
    const streaming = '10.2.0.1';
    const quiet = '10.2.0.2';
    const a = cookieOf(await settle(streaming, undefined, 91));
    const b = cookieOf(await settle(quiet, undefined, 92));
    const stream = await openStream(app.url, ['tx'], { cookie: a, [IP]: streaming });
    expect(stream.status).toBe(200);
    try {
      const replies = await flood(600, 20, (i) =>
        settle(`10.3.${Math.floor(i / 10)}.1`, undefined, 43),
      );
      const full = replies.filter((r) => r.status === 503);
      expect(full.length).toBeGreaterThan(500);
      expect(full[0]?.body).toMatchObject({ code: 503, data: null });
      expect(full[0]?.body.message).toMatch(/The demo is full right now/);
      expect(await resendOf(streaming, a)).toBe(91);
      expect(await resendOf(quiet, b)).toBe(92);
      // a refused newcomer reads the shared demo, as it started
      const page = await fetch(`${app.url}/nope`, { headers: { [IP]: '10.4.0.1' } });
      await page.arrayBuffer();
      const newcomer = page.headers.getSetCookie().find((c) => c.startsWith('pulse_demo='))!;
      expect(await resendOf('10.4.0.1', newcomer.split(';')[0]!)).toBe(30);
    } finally {
      await stream.close();
    }
  });
});
