/**
 * DASHBOARD_ACCESS=private with EMBED_PUBLIC=1: every page, API and stream needs the admin session,
 * except the sign-in page and its API, the health checks' verdicts (a load balancer's probes carry
 * no session), the webhook receiver's POST (it has its own Sign), and the chart data the embeddable
 * widget reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, signIn } from './support/client';
import { App, raw } from './support/servers';

const PASSWORD = 'attack-suite private dashboard';
const POOL_PATH = 'evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_QUERY =
  'chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

let app: App;

beforeAll(async () => {
  app = new App({ DASHBOARD_PASSWORD: PASSWORD, DASHBOARD_ACCESS: 'private', EMBED_PUBLIC: '1' });
  await app.start();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe('private dashboard', () => {
  it('pages send a visitor to sign in, with the page to come back to', async () => {
    for (const path of [
      '/',
      '/wallets',
      '/settings',
      `/pools/${POOL_PATH}`,
      '/tx/ethereum/1/0x1',
    ]) {
      const r = await raw(`${app.url}${path}`);
      expect(r.status, path).toBe(307);
      expect(r.headers.location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    expect((await raw(`${app.url}/login`)).status).toBe(200);
    const session = await raw(`${app.url}/api/auth/session`);
    expect(JSON.parse(session.body)).toMatchObject({ private: true, signedIn: false });
    expect((await raw(`${app.url}/api/health`)).status).toBeLessThan(500);
  });

  it('the APIs and the stream answer 401 in their envelopes', async () => {
    const price = await raw(`${app.url}/api/price/v1/chains`);
    expect(price.status).toBe(401);
    expect(JSON.parse(price.body)).toMatchObject({ code: 401, data: '' });
    const tx = await raw(`${app.url}/api/tx/v1/app/config`);
    expect(tx.status).toBe(401);
    expect(JSON.parse(tx.body)).toMatchObject({ code: 401, data: null });
    const kline = await raw(`${app.url}/api/kline/v1/market/coins/eth/0x1`);
    expect(kline.status).toBe(401);
    expect(JSON.parse(kline.body)).toMatchObject({ code: 20001 });
    const stream = await openStream(app.url, ['tx']);
    expect(stream.status).toBe(401);
    // a chart topic mixed with a private one is private
    const mixed = await openStream(app.url, [`ohlcv:${POOL_PATH.replaceAll('/', ':')}:1m`, 'tx']);
    expect(mixed.status).toBe(401);
  });

  it('EMBED_PUBLIC=1 keeps the widget and the chart data it reads public, nothing more', async () => {
    const widget = await raw(`${app.url}/embed/pools/${POOL_PATH}`);
    expect(widget.status).toBe(200);
    // The widget's script (public/widget/, outside the sign-in wall) loads for anyone too.
    const script = /<script type="module" src="([^"]+)"/.exec(widget.body)?.[1];
    expect(script).toMatch(/^\/widget\/widget-/);
    const bundle = await raw(`${app.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect((await raw(`${app.url}/api/price/v1/pools?${POOL_QUERY}`)).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    expect(
      (
        await raw(
          `${app.url}/api/kline/v1/kline/ohlcv?interval=1h&from=${now - 86400}&to=${now}&${POOL_QUERY}`,
        )
      ).status,
    ).toBe(200);
    const chart = await openStream(app.url, [`ohlcv:${POOL_PATH.replaceAll('/', ':')}:1m`]);
    expect(chart.status).toBe(200);
    await chart.close();
    expect((await raw(`${app.url}/api/price/v1/tokens`)).status).toBe(401);
  });

  it("without the session: liveness answers, health and readiness give their verdict alone, the receiver's state is the admin's", async () => {
    const live = await raw(`${app.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({ status: 'ok' });
    const health = await raw(`${app.url}/api/health`);
    expect([200, 503]).toContain(health.status);
    expect(Object.keys(JSON.parse(health.body) as object)).toEqual(['status']);
    const ready = await raw(`${app.url}/api/health/ready`);
    expect([200, 503]).toContain(ready.status);
    expect(Object.keys(JSON.parse(ready.body) as object)).toEqual(['ready']);
    const hook = await raw(`${app.url}/api/webhooks/tx`);
    expect(hook.status).toBe(401);
    expect(JSON.parse(hook.body)).toMatchObject({ code: 401 });

    const cookie = await signIn(app.url, PASSWORD);
    const full = JSON.parse(
      (await raw(`${app.url}/api/health`, { headers: { cookie } })).body,
    ) as object;
    expect(full).toMatchObject({ mode: 'simulator', services: expect.any(Object) as unknown });
    const fullReady = JSON.parse(
      (await raw(`${app.url}/api/health/ready`, { headers: { cookie } })).body,
    ) as object;
    expect(fullReady).toMatchObject({ sockets: expect.any(Object) as unknown });
    expect((await raw(`${app.url}/api/webhooks/tx`, { headers: { cookie } })).status).toBe(200);
  });

  it('the admin session opens everything', async () => {
    const cookie = await signIn(app.url, PASSWORD);
    expect((await raw(`${app.url}/wallets`, { headers: { cookie } })).status).toBe(200);
    expect((await raw(`${app.url}/api/tx/v1/app/config`, { headers: { cookie } })).status).toBe(
      200,
    );
    const stream = await openStream(app.url, ['tx'], { cookie });
    expect(stream.status).toBe(200);
    await stream.close();
  });
});
