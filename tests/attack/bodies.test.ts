/**
 * Bodies refused at their cap while they arrive (lib/server/security/body.ts), on every route that
 * reads one: the gateway (per-endpoint caps; `/api/tx/v1/addresses` takes 256 KB), sign-in (4 KB) and
 * the webhook receiver (5 MB). A declared oversize length is refused before a byte is sent; a chunked
 * body is refused the moment it passes the cap, and the connection is closed rather than read to its
 * end; a trickle ends with 408; many held uploads leave the server's memory where it was.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_IDLE_MS, BODY_TIMEOUT_MS } from '@/lib/server/security/body';
import { signIn } from './support/client';
import { App } from './support/servers';
import { upload } from './support/uploads';

const PASSWORD = 'attack-suite bodies password';
const WEBHOOK_SECRET = 'attack-suite-bodies-receiver-secret';
const MB = 1024 * 1024;

let app: App;
let admin: string;

beforeAll(async () => {
  app = new App({
    DASHBOARD_PASSWORD: PASSWORD,
    WEBHOOK_SECRET,
    LOGIN_MAX_ATTEMPTS: '1000',
    LOGIN_SLOWDOWN_AFTER_PER_MIN: '100000',
    RATE_GATEWAY_PER_MIN: '100000',
    RATE_GATEWAY_WRITES_PER_MIN: '100000',
  });
  await app.start();
  admin = await signIn(app.url, PASSWORD);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

interface BodyRoute {
  name: string;
  path: string;
  cap: number;
  headers: Record<string, string>;
  envelope: Record<string, unknown>;
}

/** The three routes that read a body, each as a client allowed to send one. */
const routes = (): BodyRoute[] => [
  {
    name: 'gateway',
    path: '/api/tx/v1/addresses',
    cap: 256 * 1024,
    headers: { cookie: admin, origin: app.url, 'content-type': 'application/json' },
    envelope: { code: 413, data: null },
  },
  {
    name: 'sign-in',
    path: '/api/auth/login',
    cap: 4096,
    headers: { origin: app.url, 'content-type': 'application/json' },
    envelope: { message: expect.stringContaining('too large') as unknown },
  },
  {
    name: 'webhook',
    path: '/api/webhooks/tx',
    cap: 5_000_000,
    headers: { sign: WEBHOOK_SECRET, 'content-type': 'application/json' },
    envelope: { code: 413 },
  },
];

describe('a body over its cap', () => {
  it('a declared Content-Length over the cap gets 413 before a byte of the body is sent', async () => {
    for (const route of routes()) {
      const r = await upload(`${app.url}${route.path}`, {
        headers: route.headers,
        declaredOnly: 10 * MB,
        giveUpMs: 10_000,
      });
      expect(r.status, route.name).toBe(413);
      expect(JSON.parse(r.body), route.name).toMatchObject(route.envelope);
      expect(r.headers.connection, route.name).toBe('close');
      expect(r.serverClosed, route.name).toBe(true);
    }
  });

  it('a slow chunked body gets 413 within a second of passing the cap, and the connection is closed', async () => {
    for (const route of routes()) {
      // 10 MB at a pace that passes the cap after a second or so, and would take far longer to end.
      const chunkBytes = route.cap > MB ? 128 * 1024 : 32 * 1024;
      const r = await upload(`${app.url}${route.path}`, {
        headers: route.headers,
        chunkBytes,
        everyMs: 50,
        totalBytes: 10 * MB,
        capBytes: route.cap,
      });
      console.log(
        `[attack] ${route.name}: HTTP ${r.status} ${r.answerAfterCapMs?.toFixed(0)} ms after passing the ${route.cap} B cap, ${r.sentAtAnswer} B sent of 10 MB`,
      );
      expect(r.status, route.name).toBe(413);
      expect(JSON.parse(r.body), route.name).toMatchObject(route.envelope);
      expect(r.answerAfterCapMs, route.name).not.toBeNull();
      expect(r.answerAfterCapMs!, route.name).toBeLessThan(1000);
      expect(r.sentAtAnswer, route.name).toBeLessThan(10 * MB);
      expect(r.serverClosed, route.name).toBe(true);
    }
  });

  it('a body that is refused unread (no session, no Sign) closes its connection too', async () => {
    const anonymous = await upload(`${app.url}/api/tx/v1/addresses`, {
      headers: { origin: app.url, 'content-type': 'application/json' },
      totalBytes: 10 * MB,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.serverClosed).toBe(true);
    const unsigned = await upload(`${app.url}/api/webhooks/tx`, { totalBytes: 10 * MB });
    expect(unsigned.status).toBe(401);
    expect(unsigned.serverClosed).toBe(true);
    const nowhere = await upload(`${app.url}/api/nope`, { totalBytes: 10 * MB });
    expect(nowhere.status).toBe(404);
    expect(nowhere.serverClosed).toBe(true);
  });
});

describe('a body that trickles', () => {
  it(`ends with 408 in the service's envelope once the whole body has taken ${BODY_TIMEOUT_MS / 1000} s`, async () => {
    // One byte per half second: never silent for the idle gap, never done.
    const trickle = (route: BodyRoute) =>
      upload(`${app.url}${route.path}`, {
        headers: route.headers,
        chunkBytes: 1,
        everyMs: Math.min(500, BODY_IDLE_MS / 4),
        totalBytes: 10 * MB,
        giveUpMs: BODY_TIMEOUT_MS * 3,
      });
    const [gateway, login, webhook] = routes();
    const results = await Promise.all([gateway!, login!, webhook!].map(trickle));
    for (const [i, r] of results.entries()) {
      expect(r.status, String(i)).toBe(408);
      // Not before the bound (the answer's head came after the whole deadline had run).
      expect(r.answerAfterStartMs, String(i)).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
      expect(r.serverClosed, String(i)).toBe(true);
    }
    expect(JSON.parse(results[0]!.body)).toMatchObject({ code: 408, data: null });
    expect(JSON.parse(results[1]!.body)).toMatchObject({ message: expect.any(String) as unknown });
    expect(JSON.parse(results[2]!.body)).toMatchObject({ code: 408 });
  });
});

describe('memory under held uploads', () => {
  it("16 chunked 10 MB uploads sent slowly leave the server's RSS within 20 MB of where it was", async () => {
    // Read from /proc: without it this test cannot measure, and must fail rather than pass.
    expect(existsSync('/proc/self/status')).toBe(true);
    const send = () =>
      upload(`${app.url}/api/tx/v1/addresses`, {
        headers: { cookie: admin, origin: app.url, 'content-type': 'application/json' },
        chunkBytes: 64 * 1024,
        everyMs: 50,
        totalBytes: 10 * MB,
        giveUpMs: 60_000,
      });
    // Warm the route and the sockets' buffers first, so the baseline includes them.
    await Promise.all(Array.from({ length: 4 }, send));
    const before = app.rss();
    expect(before).toBeGreaterThan(20 * MB);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, app.rss())), 50);
    const results = await Promise.all(Array.from({ length: 16 }, send));
    clearInterval(sampler);
    const after = app.rss();
    console.log(
      `[attack] 16 held 10 MB uploads: server RSS ${(before / MB).toFixed(1)} MB before, ${(peak / MB).toFixed(1)} MB at the peak, ${(after / MB).toFixed(1)} MB after; at most ${(Math.max(...results.map((r) => r.sentAtAnswer)) / 1024).toFixed(0)} KB sent`,
    );
    for (const r of results) expect(r.status).toBe(413);
    expect(peak - before).toBeLessThan(20 * MB);
    expect(after - before).toBeLessThan(20 * MB);
  });
});
