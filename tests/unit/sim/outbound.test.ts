/**
 * The simulator's webhook delivery refuses non-public addresses after name resolution. Only loopback
 * listeners of this test are ever a target: other private ranges are refused by the same check
 * (request-filtering-agent's address ranges), not sent traffic to.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Monitored } from '@/lib/sim/tx/addresses';
import { isPublicAddress, postJson, REFUSED_ADDRESS } from '@/lib/sim/tx/outbound';

let port = 0;
let connections = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});
server.on('connection', () => connections++);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('webhook delivery', () => {
  const options = { allowPrivate: false, timeoutMs: 3000 };

  it.each([
    `http://127.0.0.1:PORT/hook`,
    `http://localhost:PORT/hook`,
    `http://[::ffff:127.0.0.1]:PORT/hook`,
    `http://0x7f000001:PORT/hook`,
    `http://127.1:PORT/hook`,
    // IPv4-compatible IPv6 (::/96): the filtering agent alone let it through (issue 25)
    `http://[::127.0.0.1]:PORT/hook`,
    `http://[::7f00:1]:PORT/hook`,
    `http://[::]:PORT/hook`,
    `http://[64:ff9b::7f00:1]:PORT/hook`,
    `http://[fd00::1]:PORT/hook`,
  ])('refuses %s without connecting, naming no address', async (template) => {
    const before = connections;
    const outcome = await postJson(template.replace('PORT', String(port)), {}, '[]', options);
    expect(outcome).toEqual({ ok: false, reason: REFUSED_ADDRESS });
    expect(connections).toBe(before);
  });

  it('delivers to loopback only when allowed (local development, tests); a redirect is a failure', async () => {
    expect(
      await postJson(`http://127.0.0.1:${port}/hook`, {}, '[]', { ...options, allowPrivate: true }),
    ).toEqual({
      ok: true,
    });
    expect(await postJson('not a url', {}, '[]', options)).toEqual({
      ok: false,
      reason: REFUSED_ADDRESS,
    });
  });
});

describe('which addresses may receive a delivery', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['192.0.0.8', false],
    ['198.18.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::127.0.0.1', false],
    ['::8.8.8.8', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::808:808', false],
    ['2002:7f00:1::', false],
    ['2001::1', false],
    ['2001:db8::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['ff02::1', false],
    ['100::1', false],
    ['4000::1', false],
    ['localhost', false],
    ['', false],
  ])('%s: %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));

  it('a name that does not resolve, a refused address and a malformed URL read alike (no oracle of private names)', async () => {
    const options = { allowPrivate: false, timeoutMs: 10_000 };
    const reasons = new Set<string>();
    for (const url of [
      'http://nonexistent.invalid/hook',
      `http://localhost:${port}/hook`,
      `http://[::127.0.0.1]:${port}/hook`,
      'not a url',
    ]) {
      const outcome = await postJson(url, {}, '[]', options);
      expect(outcome.ok, url).toBe(false);
      if (!outcome.ok) reasons.add(outcome.reason);
    }
    expect([...reasons]).toEqual([REFUSED_ADDRESS]);
  });
});

describe('monitored list', () => {
  it('adds and finds in one look-up each, and refuses past its cap', () => {
    const list = new Monitored(3);
    expect(list.add('ethereum', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(true);
    expect(list.add('ethereum', '0xd8da6bf26964af9d7eed9e03e53415d37aa96045')).toBe(false);
    expect(
      list.wouldAdd([
        {
          chainType: 'ethereum',
          addresses: ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40), '0x' + '3'.repeat(40)],
        },
      ]),
    ).toBe(3);
    expect(list.add('ethereum', '0x' + '1'.repeat(40))).toBe(true);
    expect(list.add('ethereum', '0x' + '2'.repeat(40))).toBe(true);
    expect(list.add('ethereum', '0x' + '3'.repeat(40))).toBe(false);
    expect(list.contains('evm', '0x' + '1'.repeat(40))).toBe(true);
    const big = new Monitored();
    for (let i = 0; i < 20_000; i++) big.add('ethereum', `0x${i.toString(16).padStart(40, '0')}`);
    expect(big.size).toBe(20_000);
  });
});
