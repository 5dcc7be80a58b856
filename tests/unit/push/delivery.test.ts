import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import {
  CAPS,
  MAX_ATTEMPTS,
  PushDelivery,
  networkTransport,
  retryAfterMs,
} from '@/lib/server/push/delivery';
import type { VapidKeys } from '@/lib/server/push/keys';
import { TestPushService } from '../../support/push-service';

let vapid: VapidKeys;
beforeAll(async () => {
  (await import('@/lib/server/security/limits')).setLimitStore(null);
  vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@pulse.test' };
});

const services: TestPushService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.stop();
  (await import('@/lib/server/security/limits')).setLimitStore(null);
});

async function service(status?: (n: number) => number) {
  const s = new TestPushService({ status });
  await s.start();
  services.push(s);
  return s;
}

function delivery(gone: string[] = [], waits: number[] = []) {
  return new PushDelivery({
    vapid: async () => vapid,
    allowPrivate: true,
    onGone: (id) => gone.push(id),
    sleep: async (ms) => void waits.push(ms),
    backoffMs: (n) => 1000 * 2 ** (n - 1),
  });
}

const target = (s: TestPushService, id = 'sub-1') => ({ id, ...s.subscription() });
const push = { ttl: 3600, urgency: 'high' as const, topic: 'AbCdEfGhIjKlMnOp' };

describe('sending a push', () => {
  it('sends a VAPID-signed aes128gcm push the browser keys decrypt, with TTL, urgency and topic', async () => {
    const s = await service();
    const outcome = await delivery().send(
      target(s),
      JSON.stringify({ v: 1, title: 'WETH/USDC crossed 3,714.00 ↑' }),
      push,
    );
    expect(outcome).toBe('sent');
    expect(s.rejected).toEqual([]);
    const [received] = s.received;
    expect(received?.payload).toEqual({ v: 1, title: 'WETH/USDC crossed 3,714.00 ↑' });
    expect(received?.vapidKey).toBe(vapid.publicKey);
    expect(received?.jwt).toMatchObject({ aud: s.origin, sub: 'mailto:ops@pulse.test' });
    expect(received?.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: push.topic });
  });

  it('removes a subscription the push service says is gone (404, 410), without retrying', async () => {
    for (const status of [404, 410]) {
      const s = await service(() => status);
      const gone: string[] = [];
      const waits: number[] = [];
      expect(await delivery(gone, waits).send(target(s, `gone-${status}`), '{}', push)).toBe(
        'gone',
      );
      expect(gone).toEqual([`gone-${status}`]);
      expect(waits).toEqual([]);
    }
  });

  it('retries 429 and 5xx with growing waits (or the Retry-After), then gives up', async () => {
    const flaky = await service((n) => (n === 1 ? 429 : n === 2 ? 503 : 201));
    const waits: number[] = [];
    expect(await delivery([], waits).send(target(flaky), '{"ok":1}', push)).toBe('sent');
    // 429 said Retry-After: 0; the 503 said nothing, so the second backoff step.
    expect(waits).toEqual([0, 2000]);
    expect(flaky.received).toHaveLength(1);

    const down = await service(() => 500);
    const downWaits: number[] = [];
    expect(await delivery([], downWaits).send(target(down), '{}', push)).toBe('failed');
    expect(downWaits).toEqual([1000, 2000, 4000]);
    expect(downWaits).toHaveLength(MAX_ATTEMPTS - 1);
  });

  it('does not retry what sending again cannot change (400, 403, 413)', async () => {
    const s = await service(() => 403);
    const waits: number[] = [];
    expect(await delivery([], waits).send(target(s), '{}', push)).toBe('failed');
    expect(waits).toEqual([]);
  });

  it('caps the pushes of one subscription per minute, whatever fires', async () => {
    const s = await service();
    const d = delivery();
    const outcomes = [];
    for (let i = 0; i < CAPS.perSubscriptionPerMinute + 3; i++)
      outcomes.push(await d.send(target(s, 'busy'), '{}', push));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(CAPS.perSubscriptionPerMinute);
    expect(outcomes.filter((o) => o === 'capped')).toHaveLength(3);
    // Another subscription has its own allowance.
    expect(await d.send(target(s, 'quiet'), '{}', push)).toBe('sent');
  });

  it('reads Retry-After as seconds or a date, bounded to a minute', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('99999')).toBe(60_000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});

describe('the address connected to', () => {
  let server: Server;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(201).end());
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return () => new Promise<void>((r) => server.close(() => r()));
  });

  it('refuses loopback, private and IPv4-compatible IPv6 addresses without PUSH_ALLOW_PRIVATE, before connecting', async () => {
    const { port } = server.address() as AddressInfo;
    const send = (endpoint: string) =>
      networkTransport({ endpoint, headers: { TTL: 60 }, body: null }, false);
    for (const endpoint of [
      `https://127.0.0.1:${port}/push`,
      `https://localhost:${port}/push`,
      `https://10.1.2.3:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      `https://[::127.0.0.1]:${port}/push`,
      `https://[::1]:${port}/push`,
    ]) {
      await expect(send(endpoint), endpoint).rejects.toThrow(/not allowed|plain http/i);
    }
    await expect(send(`http://127.0.0.1:${port}/push`)).rejects.toThrow(/plain http/);
    expect(connections).toBe(0);
  });

  it('with PUSH_ALLOW_PRIVATE=1 reaches a loopback push service over http', async () => {
    const { port } = server.address() as AddressInfo;
    const res = await networkTransport(
      { endpoint: `http://127.0.0.1:${port}/push`, headers: { TTL: 60 }, body: null },
      true,
    );
    expect(res.status).toBe(201);
    expect(connections).toBe(1);
  });
});
