/**
 * Issue 25, the admin's session and the webhook receiver, against an upstream: a sign-out lasts
 * (across a restart, through the data directory) and a new password ends every session, with
 * SESSION_SECRET set too; sign-in attempts from many addresses are checked at most
 * LOGIN_MAX_CONCURRENT at a time; the receiver relays no stale transaction (a captured delivery sent
 * again) and takes deliveries only from WEBHOOK_ALLOWED_IPS.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, transaction, VITALIK } from '../support/transactions';
import { startRecordingSim, type RecordingUpstream } from '../support/upstream';
import { openStream } from './support/client';
import { App, raw } from './support/servers';

const IP = 'x-test-client';
const PASSWORD = 'attack-suite sessions password';
const SECRET = 'attack-suite session secret of forty characters';
const WEBHOOK_SECRET = 'attack-suite-webhook-secret';

let upstream: RecordingUpstream;
let app: App;
const dataDir = mkdtempSync(join(tmpdir(), 'pulse-attack-data-'));

const envWith = (password: string): Record<string, string> => ({
  UPSTREAM_BASE_URL: upstream.url,
  UPSTREAM_API_KEY: upstream.key,
  UPSTREAM_TIMEOUT_MS: '5000',
  DASHBOARD_PASSWORD: password,
  SESSION_SECRET: SECRET,
  DATA_DIR: dataDir,
  CLIENT_IP_HEADER: IP,
  WEBHOOK_SECRET,
  WEBHOOK_ALLOWED_IPS: '10.77.0.0/16, 2001:db8::7',
  LOGIN_MAX_CONCURRENT: '1',
  LOGIN_SLOWDOWN_AFTER_PER_MIN: '1',
});

beforeAll(async () => {
  upstream = await startRecordingSim('sessions-upstream-key-0123456789');
  app = new App(envWith(PASSWORD));
  await app.start();
}, 150_000);

afterAll(async () => {
  await app?.stop();
  await upstream?.close();
});

async function signIn(
  password: string,
  address = '10.10.0.1',
): Promise<{ status: number; cookie: string }> {
  const r = await raw(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: app.url, 'content-type': 'application/json', [IP]: address },
    body: JSON.stringify({ password }),
  });
  const cookie = String(r.headers['set-cookie'] ?? '').split(';')[0]!;
  return { status: r.status, cookie };
}

/** A change only the admin may make: its status says whether the cookie is a live session. */
const change = async (cookie: string) =>
  (
    await raw(`${app.url}/api/tx/v1/addresses/batch-delete`, {
      method: 'POST',
      headers: { origin: app.url, 'content-type': 'application/json', cookie, [IP]: '10.10.0.1' },
      body: JSON.stringify({
        wallets: [
          { chain_type: 'ethereum', address: ['0x71C7656EC7ab88b098defB751B7401B5f6d8976F'] },
        ],
      }),
    })
  ).status;

async function restart(password: string): Promise<void> {
  await app.stop();
  app = new App(envWith(password));
  await app.start();
}

describe('sign-out lasts', () => {
  it('a signed-out cookie stays refused after a restart; after a password change no cookie is accepted (SESSION_SECRET set)', async () => {
    const out = await signIn(PASSWORD);
    const kept = await signIn(PASSWORD);
    expect([out.status, kept.status]).toEqual([200, 200]);
    const logout = await raw(`${app.url}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: app.url, cookie: out.cookie, [IP]: '10.10.0.1' },
    });
    expect(logout.status).toBe(200);
    expect(await change(out.cookie)).toBe(401);
    expect(await change(kept.cookie)).toBe(200);

    await restart(PASSWORD);
    expect(await change(out.cookie)).toBe(401);
    expect(await change(kept.cookie)).toBe(200);

    await restart(`${PASSWORD} changed`);
    expect(await change(kept.cookie)).toBe(401);
    expect(await change(out.cookie)).toBe(401);
    expect((await signIn(`${PASSWORD} changed`)).status).toBe(200);
  });
});

describe('the webhook receiver', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const delivery = (hash: string, txTime: number | null) =>
    transaction({ tx_time: txTime, tx_hash: hash, receiver: VITALIK, sender: OTHER, amount: '1' });
  const post = (from: string, body: unknown, sign = WEBHOOK_SECRET) =>
    raw(`${app.url}/api/webhooks/tx`, {
      method: 'POST',
      headers: { sign, 'content-type': 'application/json', [IP]: from },
      body: JSON.stringify(body),
    });

  it('a captured delivery sent again later is acknowledged but not relayed; a fresh one is', async () => {
    const stale = `0x${'5e'.repeat(32)}`;
    const fresh = `0x${'f5'.repeat(32)}`;
    const stream = await openStream(app.url, ['tx'], { [IP]: '10.10.0.9' });
    expect(stream.status).toBe(200);
    try {
      const old = await post('10.77.0.5', [
        delivery(stale, now() - 3600),
        delivery(`0x${'0a'.repeat(32)}`, null),
      ]);
      expect(old.status).toBe(200);
      expect(JSON.parse(old.body)).toMatchObject({ received: 2, accepted: 0, stale: 2 });
      const ok = await post('10.77.0.5', [delivery(fresh, now() - 5)]);
      expect(JSON.parse(ok.body)).toMatchObject({ received: 1, accepted: 1, stale: 0 });
      await stream.sse!.waitFor(
        (e) => e.event === 'transaction' && e.data.includes(fresh),
        15_000,
        'the fresh delivery in the feed',
      );
      expect(stream.sse!.events.some((e) => e.data.includes(stale))).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('only WEBHOOK_ALLOWED_IPS may deliver: anyone else gets 403, even with the right Sign', async () => {
    const refused = await post('10.99.0.1', [delivery(`0x${'1b'.repeat(32)}`, now())]);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 403 });
    expect((await post('2001:db8::7', [])).status).toBe(200);
    expect((await post('2001:db8::8', [])).status).toBe(403);
  });
});

describe('sign-in attempts from many addresses', () => {
  it('are checked one at a time while failures run high: 30 parallel guesses from 30 addresses get few answers, the rest 429', async () => {
    // one failure turns the slow-down on (LOGIN_SLOWDOWN_AFTER_PER_MIN=1): each check then takes 1 s
    expect((await signIn('wrong guess', '10.30.0.250')).status).toBe(401);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`guess ${i}`, `10.30.${i}.1`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const judged = results.filter((r) => r.status === 401).length;
    const refused = results.filter((r) => r.status === 429).length;
    console.log(
      `[attack] 30 parallel sign-ins: ${judged} checked, ${refused} refused in ${seconds.toFixed(1)} s`,
    );
    expect(judged + refused).toBe(30);
    // one place, one second per check: never more checks than seconds went by (plus the first)
    expect(judged).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(refused).toBeGreaterThan(0);
  });
});
