import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/config/env';
import type { TransferRecord } from '@/lib/contracts/tx/schema';
import type { LiveTransaction } from '@/lib/contracts/stream/events';
import { evmTx } from '../wallets/fixtures';
import { TxHub } from '@/lib/server/stream/tx-hub';
import type { ResilientSocket } from '@/lib/upstream/resilient-socket';
import {
  checkSign,
  FUTURE_SKEW_SECONDS,
  handleWebhook,
  isFresh,
  parseWebhookBody,
  receiveTransactions,
} from '@/lib/server/webhooks/receiver';

const SECRET = 's3cret-shared-with-the-tx-service';

const tx = (hash: string, extra: Partial<TransferRecord> = {}): TransferRecord =>
  evmTx({ tx_hash: hash, ...extra });

function post(body: unknown, sign?: string): Request {
  return new Request('http://dash.test/api/webhooks/tx', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sign === undefined ? {} : { sign }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('webhook Sign check (shared secret, constant time)', () => {
  it('accepts the secret verbatim', () => expect(checkSign(SECRET, SECRET)).toEqual({ ok: true }));

  it('refuses a different, shorter, longer or missing value, saying which', () => {
    for (const given of [`${SECRET}x`, SECRET.slice(0, -1), 'S3CRET-shared-with-the-tx-service']) {
      expect(checkSign(given, SECRET)).toMatchObject({ ok: false, reason: 'mismatch' });
    }
    expect(checkSign(null, SECRET)).toMatchObject({ ok: false, reason: 'missing' });
    expect(checkSign('', SECRET)).toMatchObject({ ok: false, reason: 'missing' });
  });

  it('refuses everything when WEBHOOK_SECRET is unset, even an empty Sign (what an unconfigured app sends)', () => {
    const r = checkSign('', undefined);
    expect(r).toMatchObject({ ok: false, reason: 'unconfigured' });
    if (!r.ok) expect(r.message).toMatch(/WEBHOOK_SECRET is not set/);
  });

  it('never echoes the secret', () => {
    const r = checkSign('wrong', SECRET);
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });
});

describe('webhook body and deduplication', () => {
  it('takes a bare JSON array of transactions and names what is wrong', () => {
    expect(parseWebhookBody('[]')).toEqual({ ok: true, txs: [] });
    expect(parseWebhookBody('{"code":0,"data":[]}')).toMatchObject({ ok: false });
    const wrongId = JSON.stringify([{ ...tx('0x1'), chain_id: '1' }]);
    expect(parseWebhookBody(wrongId)).toEqual({
      ok: false,
      message: '[0].chain_id is not a transaction field as the tx service sends it (invalid_type).',
    });
    const noHash: Record<string, unknown> = { ...tx('0x1') };
    delete noHash.tx_hash;
    expect(parseWebhookBody(JSON.stringify([tx('0x2'), noHash]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\[1\]\.tx_hash /) as unknown,
    });
    expect(parseWebhookBody(JSON.stringify([tx('0x3')]))).toMatchObject({
      ok: true,
      txs: [{ tx_hash: '0x3' }],
    });
    expect(parseWebhookBody('nope')).toMatchObject({ ok: false });
  });

  it('drops repeats by chain_type + chain_id + tx_hash (+ token entry), within and across deliveries', async () => {
    const hub = new TxHub(
      () =>
        ({
          start: () => undefined,
          send: () => true,
          nextId: (p: string) => p,
        }) as unknown as ResilientSocket,
    );
    const seen: unknown[] = [];
    hub.subscribeAll((e) => void seen.push(e));
    const ingest = (t: LiveTransaction) => hub.ingest(t);
    const token = (amount: string) => ({
      token_contract_address: '0xA0',
      from_address: '0x1',
      to_address: '0x2',
      amount,
      symbol: 'USDC',
      decimals: 6,
      is_from_contract: false,
      is_to_contract: false,
      from_token_address: null,
      to_token_address: null,
      mint: null,
      program_id: null,
    });
    const batch = [
      tx('0xaa'),
      tx('0xAA'),
      tx('0xbb', { token_transfers: [token('1')] }),
      tx('0xbb', { token_transfers: [token('2')] }),
    ];
    expect(await receiveTransactions(batch, ingest)).toEqual({
      received: 4,
      accepted: 3,
      duplicates: 1,
      stale: 0,
    });
    expect(await receiveTransactions([tx('0xaa'), tx('0xcc')], ingest)).toEqual({
      received: 2,
      accepted: 1,
      duplicates: 1,
      stale: 0,
    });
    expect(seen).toHaveLength(4);
  });
});

describe('POST /api/webhooks/tx', () => {
  const fed: Record<string, unknown>[] = [];
  const deps = { secret: SECRET, ingest: (t: Record<string, unknown>) => (fed.push(t), true) };

  it('401 on a wrong or missing Sign, with the reason; nothing reaches the feed', async () => {
    const wrong = await handleWebhook(post([tx('0x1')], 'nope'), deps);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/does not match/);
    expect((await handleWebhook(post([tx('0x1')]), deps)).status).toBe(401);
    const unset = await handleWebhook(post([tx('0x1')], ''), { ...deps, secret: undefined });
    expect(unset.status).toBe(401);
    expect(((await unset.json()) as { message: string }).message).toMatch(/WEBHOOK_SECRET/);
    expect(fed).toHaveLength(0);
  });

  it('400 on a body that is not an array of transactions; 200 with counts otherwise', async () => {
    expect((await handleWebhook(post({ data: [] }, SECRET), deps)).status).toBe(400);
    const ok = await handleWebhook(post([tx('0x1'), tx('0x2')], SECRET), deps);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ received: 2, accepted: 2 });
    expect(fed).toHaveLength(2);
  });
});

describe('a captured delivery sent again later (issue 25)', () => {
  const NOW = 1_795_000_000_000;
  const fed: Record<string, unknown>[] = [];
  const deps = {
    secret: SECRET,
    ingest: (t: Record<string, unknown>) => (fed.push(t), true),
    maxAgeSeconds: 600,
    now: () => NOW,
  };

  it('a tx_time outside the window (old, future, absent) is not fresh', () => {
    const now = NOW / 1000;
    expect(isFresh({ tx_time: now }, 600, NOW)).toBe(true);
    expect(isFresh({ tx_time: now - 600 }, 600, NOW)).toBe(true);
    expect(isFresh({ tx_time: now - 601 }, 600, NOW)).toBe(false);
    expect(isFresh({ tx_time: now + FUTURE_SKEW_SECONDS }, 600, NOW)).toBe(true);
    expect(isFresh({ tx_time: now + FUTURE_SKEW_SECONDS + 1 }, 600, NOW)).toBe(false);
    expect(isFresh({ tx_time: null }, 600, NOW)).toBe(false);
  });

  it('stale transactions are acknowledged (2xx: the upstream must not retry them for 36 h) and not relayed', async () => {
    const now = NOW / 1000;
    const r = await handleWebhook(
      post([tx('0xf1', { tx_time: now - 5 }), tx('0xf2', { tx_time: now - 3600 })], SECRET),
      deps,
    );
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ received: 2, accepted: 1, duplicates: 0, stale: 1 });
    expect(fed.map((t) => t.tx_hash)).toEqual(['0xf1']);
  });

  it('a sender off WEBHOOK_ALLOWED_IPS is refused with 403 before its Sign or body is looked at', async () => {
    let signChecked = false;
    const r = await handleWebhook(post([tx('0xf3', { tx_time: NOW / 1000 })], SECRET), {
      ...deps,
      senderAllowed: () => false,
      badSign: {
        blocked: async () => ((signChecked = true), null),
        failed: async () => undefined,
      },
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ code: 403 });
    expect(signChecked).toBe(false);
    expect(fed.map((t) => t.tx_hash)).not.toContain('0xf3');
  });
});

describe('WEBHOOK_ALLOWED_IPS and WEBHOOK_MAX_AGE_SECONDS', () => {
  it('takes addresses and CIDR ranges, refuses anything else naming the entry, never the value', () => {
    expect(
      parseEnv({ WEBHOOK_ALLOWED_IPS: '203.0.113.7, 2001:db8::/32 10.0.0.0/8' })
        .WEBHOOK_ALLOWED_IPS,
    ).toEqual(['203.0.113.7', '2001:db8::/32', '10.0.0.0/8']);
    expect(parseEnv({}).WEBHOOK_MAX_AGE_SECONDS).toBe(600);
    for (const bad of ['upstream.example', '203.0.113', '10.0.0.0/33', '1.2.3.4/8/1'])
      expect(() => parseEnv({ WEBHOOK_ALLOWED_IPS: `203.0.113.7,${bad}` })).toThrow(
        /WEBHOOK_ALLOWED_IPS: entry 2 is not an IP address/,
      );
    expect(() => parseEnv({ WEBHOOK_MAX_AGE_SECONDS: '5' })).toThrow(/WEBHOOK_MAX_AGE_SECONDS/);
  });
});
