import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_ALERTS,
  alertKey,
  isP256Point,
  parseAlerts,
  parseSubscription,
  readRecord,
  recordId,
} from '@/lib/server/push/schema';
import { endpointProblem, isPublicAddress } from '@/lib/server/push/endpoint';
import { poolMessage } from '@/lib/server/push/message';

const POOL = '0x88E6A0c2dDD26FEEb64F039a2c41296FcB3f5640';
const ua = createECDH('prime256v1');
ua.generateKeys();
const keys = { p256dh: ua.getPublicKey().toString('base64url'), auth: 'tBHItJI5svbpez7KI4CCXg' };

const pool = (over: Record<string, unknown> = {}) => ({
  kind: 'pool-price',
  chain_type: 'ethereum',
  chain_id: 1,
  pool_address: POOL,
  direction: 'above',
  price: 3714.5,
  ...over,
});

describe('alerts as the API takes them', () => {
  it('puts alerts in one canonical form: standard chain type, lowercase EVM addresses, numbers', () => {
    const parsed = parseAlerts([
      pool({ chain_id: '1', price: '3714.50' }),
      { kind: 'token-price', token_id: 1027, fiat: 'usd', direction: 'below', price: 2000 },
      {
        kind: 'wallet',
        address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        chain_type: 'Ethereum',
      },
      { kind: 'wallet', address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW' },
    ]);
    expect(parsed).toEqual({
      ok: true,
      value: [
        {
          kind: 'pool-price',
          chain_type: 'evm',
          chain_id: 1,
          pool_address: POOL.toLowerCase(),
          direction: 'above',
          price: 3714.5,
        },
        { kind: 'token-price', token_id: 1027, fiat: 'USD', direction: 'below', price: 2000 },
        {
          kind: 'wallet',
          address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
          chain_type: 'ethereum',
        },
        { kind: 'wallet', address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW' },
      ],
    });
  });

  it('refuses what is not an alert with a message naming the field', () => {
    const bad = (alert: unknown) => {
      const r = parseAlerts([alert]);
      return r.ok ? 'accepted' : r.message;
    };
    expect(bad({ ...pool(), kind: 'price' })).toBe(
      'alerts[0].kind: must be pool-price, token-price or wallet',
    );
    expect(bad(pool({ direction: 'up' }))).toBe(
      'alerts[0].direction: must be above, below or cross',
    );
    expect(bad(pool({ price: -1 }))).toMatch(/^alerts\[0\]\.price: must be a number above 0/);
    expect(bad(pool({ price: '1e3' }))).toMatch(/^alerts\[0\]\.price/);
    expect(bad(pool({ price: Number.NaN }))).toMatch(/^alerts\[0\]\.price/);
    expect(bad(pool({ pool_address: '0x1234' }))).toMatch(
      /^alerts\[0\]\.pool_address: An EVM pool address/,
    );
    expect(bad(pool({ chain_type: 'dogechain' }))).toMatch(/^alerts\[0\]\.chain_type/);
    expect(bad(pool({ extra: 1 }))).toBe('alerts[0]: unknown field extra');
    expect(bad(pool({ price: undefined }))).toBe('alerts[0].price: is required');
    expect(bad({ kind: 'wallet', address: '0xnope' })).toMatch(/^alerts\[0\]\.address/);
    expect(
      bad({
        kind: 'wallet',
        address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        chain_type: 'doge',
      }),
    ).toMatch(/^alerts\[0\]\.chain_type: must be one of/);
    expect(
      bad({ kind: 'token-price', token_id: 0, fiat: 'USD', direction: 'above', price: 1 }),
    ).toMatch(/^alerts\[0\]\.token_id/);
    expect(bad(pool({ ref: '../../etc' }))).toMatch(/^alerts\[0\]\.ref/);
    expect(parseAlerts({}).ok).toBe(false);
  });

  it(`keeps at most ${MAX_ALERTS} alerts, drops duplicates, and cleans labels of control characters`, () => {
    expect(
      parseAlerts(Array.from({ length: MAX_ALERTS + 1 }, (_, i) => pool({ price: i + 1 }))),
    ).toEqual({
      ok: false,
      message: `alerts: at most ${MAX_ALERTS} per subscription`,
    });
    const twice = parseAlerts([pool(), pool({ label: 'again' }), pool({ price: 1 })]);
    expect(twice.ok && twice.value).toHaveLength(2);
    const labelled = parseAlerts([pool({ label: ' WETH\u202e/USDC\u0007 ' })]);
    expect(labelled.ok && labelled.value[0]).toMatchObject({ label: 'WETH/USDC' });
  });

  it('keys an alert by what it watches and when it fires, not by its label', () => {
    const [a, b, c] = (
      parseAlerts([pool(), pool({ price: 3714.51 }), pool({ armed_at: 5 })]) as {
        value: Parameters<typeof alertKey>[0][];
      }
    ).value;
    const labelled = { ...a!, label: 'x', ref: 'abc' };
    expect(alertKey(labelled)).toBe(alertKey(a!));
    expect(new Set([alertKey(a!), alertKey(b!), alertKey(c!)]).size).toBe(3);
    expect(alertKey(a!)).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe('a browser PushSubscription', () => {
  const sub = (over: Record<string, unknown> = {}) => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    expirationTime: null,
    keys,
    ...over,
  });

  it('takes an uncompressed P-256 key and a 16-byte auth secret', () => {
    expect(parseSubscription(sub()).ok).toBe(true);
    expect(parseSubscription(sub({ keys: { ...keys, auth: 'AAAA' } }))).toEqual({
      ok: false,
      message: 'subscription.keys.auth: must be 16 bytes (base64url)',
    });
    // 65 bytes starting with 4, but not a point on the curve.
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    expect(isP256Point(offCurve.toString('base64url'))).toBe(false);
    expect(
      parseSubscription(sub({ keys: { ...keys, p256dh: offCurve.toString('base64url') } })).ok,
    ).toBe(false);
    expect(parseSubscription(sub({ keys: { ...keys, extra: 'x' } })).ok).toBe(false);
    expect(parseSubscription('nope').ok).toBe(false);
  });
});

describe('push endpoints', () => {
  it('takes https on the standard port of a public host only, unless private ones are allowed', () => {
    const ok = (u: string, allow = false) => endpointProblem(u, allow);
    expect(ok('https://fcm.googleapis.com/fcm/send/x')).toBeNull();
    expect(ok('https://updates.push.services.mozilla.com:443/wpush/v2/x')).toBeNull();
    expect(ok('http://fcm.googleapis.com/x')).toBe('the endpoint must be an https URL');
    expect(ok('https://user:pw@push.example/x')).toBe('the endpoint must not carry credentials');
    expect(ok('https://push.example:8443/x')).toBe('the endpoint must use the https port (443)');
    expect(ok('https://localhost/x')).toBe('the endpoint must be on a public host');
    expect(ok('https://intranet/x')).toBe('the endpoint must be on a public host');
    expect(ok('https://127.0.0.1/x')).toBe('the endpoint must be on a public address');
    expect(ok('https://[::127.0.0.1]/x')).toBe('the endpoint must be on a public address');
    expect(ok('https://[::ffff:10.0.0.1]/x')).toBe('the endpoint must be on a public address');
    expect(ok('https://169.254.169.254/latest')).toBe('the endpoint must be on a public address');
    expect(ok(`https://push.example/${'x'.repeat(2100)}`)).toMatch(/longer than/);
    expect(ok('javascript:alert(1)')).toBe('the endpoint must be an https URL');
    expect(ok('http://127.0.0.1:4000/push', true)).toBeNull();
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200a')).toBe(true);
    expect(isPublicAddress('fd00::1')).toBe(false);
  });
});

describe('records read back', () => {
  const good = {
    id: recordId('A'.repeat(22)),
    endpoint: 'https://push.example/x',
    keys,
    alerts: [pool()],
    scope: null,
    createdAt: 1,
    updatedAt: 1,
  };

  it('reads what this version writes, canonical', () => {
    expect(readRecord(good)?.alerts[0]).toMatchObject({
      chain_type: 'evm',
      pool_address: POOL.toLowerCase(),
    });
  });

  it('drops a record any part of which was tampered with', () => {
    expect(readRecord({ ...good, id: 'short' })).toBeNull();
    expect(readRecord({ ...good, alerts: [{ ...pool(), direction: 'sideways' }] })).toBeNull();
    expect(readRecord({ ...good, keys: { ...keys, p256dh: 'AAAA' } })).toBeNull();
    expect(readRecord({ ...good, alerts: Array(MAX_ALERTS + 1).fill(pool()) })).toBeNull();
    expect(readRecord('{}')).toBeNull();
  });
});

describe('prices in a notification', () => {
  // The same words as the tab's own toast (lib/core/format/price.ts): the level with every decimal
  // it was set with, the price that crossed it in the level's decimals.
  const message = (price: number, close: number) => {
    const parsed = parseAlerts([pool({ price })]);
    if (!parsed.ok) throw new Error('alert refused');
    const alert = parsed.value[0] as Parameters<typeof poolMessage>[0];
    return poolMessage(alert, 'key', close, 'up', 0);
  };

  it('shows five significant digits, at least two decimals, and every decimal of the level', () => {
    expect(message(3714, 3716.2123).title).toContain('crossed 3,714.00 ↑');
    expect(message(3714, 3716.2123).body).toContain('closed at 3,716.21 ');
    expect(message(3713.9975, 3714).title).toContain('crossed 3,713.9975 ↑');
    expect(message(0.0001, 0.000123456789).body).toContain('closed at 0.00012346 ');
  });
});
