import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '@/lib/contracts/tx/schema';
import type { LiveTransaction } from '@/lib/contracts/stream/events';
import { evmTx } from '../wallets/fixtures';
import { TxHub } from '@/lib/server/stream/tx-hub';
import type { ResilientSocket } from '@/lib/upstream/resilient-socket';
import {
  checkSign,
  handleWebhook,
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
    });
    expect(await receiveTransactions([tx('0xaa'), tx('0xcc')], ingest)).toEqual({
      received: 2,
      accepted: 1,
      duplicates: 1,
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
