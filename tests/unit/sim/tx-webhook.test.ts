import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import {
  AppConfigEnvelope,
  RetryEnvelope,
  RetryStatusEnvelope,
  TransferListEnvelope,
  WebhookBody,
  type TransferRecord,
} from '@/lib/contracts/tx/schema';
import {
  pushMessage,
  startReceiver,
  startTx,
  VITALIK,
  waitFor,
  type Hook,
  type TxSim,
} from './tx-harness';

let sim: TxSim;
let hook: Hook;

beforeEach(async () => {
  hook = await startReceiver();
});
afterEach(async () => {
  await sim.close();
  await hook.close();
});

async function transfers(s: TxSim, count: number): Promise<TransferRecord[]> {
  const env = TransferListEnvelope.parse(
    (await s.call('POST', '/transfers/search', { address: VITALIK, limit: count })).body,
  );
  return env.data;
}

async function replay(s: TxSim, tx: TransferRecord) {
  const { id: _id, ...detail } = tx;
  const reply = await s.call(
    'POST',
    '/transaction/ws/replay',
    pushMessage({ ...detail, listenAddress: [VITALIK], is_reorg_resend: false }),
  );
  expect(reply.status).toBe(200);
}

async function status(s: TxSim) {
  return RetryStatusEnvelope.parse((await s.call('GET', '/app/webhook/retry/status')).body).data;
}

async function retry(s: TxSim) {
  const env = RetryEnvelope.parse((await s.call('POST', '/app/webhook/retry')).body);
  expect(env).toMatchObject({ code: 0, message: 'ok' });
  return env.data;
}

async function enable(s: TxSim, secret: string | null = 's3cret') {
  const reply = await s.call('PUT', '/app/config', {
    enable_webhook: true,
    webhook_url: hook.url,
    webhook_secret: secret,
  });
  expect(reply.status).toBe(200);
}

describe('webhook delivery', () => {
  it('POSTs matched transactions as a bare JSON array with the Sign header', async () => {
    sim = await startTx();
    await enable(sim);
    const [tx] = await transfers(sim, 1);
    if (!tx) throw new Error('no transfer');
    await replay(sim, tx);
    await waitFor(() => hook.calls.length === 1);
    const call = hook.calls[0];
    expect(call?.headers.sign).toBe('s3cret');
    expect(call?.headers['content-type']).toMatch(/^application\/json/);
    const body = WebhookBody.parse(call?.body);
    expect(body.map((t) => t.tx_hash)).toEqual([tx.tx_hash]);
    expect(Array.isArray(call?.body)).toBe(true);
    expect((await status(sim)).webhook_delivery_status).toBe('active');

    // no secret configured: an empty Sign header
    await enable(sim, null);
    await replay(sim, tx);
    await waitFor(() => hook.calls.length === 2);
    expect(hook.calls[1]?.headers.sign).toBe('');
  });

  it('moves to retrying on failure, queues later matches, drains in batches of 100 and returns to active', async () => {
    sim = await startTx();
    await enable(sim);
    hook.status = 500;
    const txs = await transfers(sim, 100);
    const more = TransferListEnvelope.parse(
      (
        await sim.call('POST', '/transfers/search', {
          address: VITALIK,
          limit: 50,
          id: txs[txs.length - 1]?.id,
        })
      ).body,
    ).data;
    await replay(sim, txs[0] as TransferRecord);
    await waitFor(async () => (await status(sim)).webhook_delivery_status === 'retrying');
    const failing = await status(sim);
    expect(failing.webhook_retrying_since).toBeGreaterThan(1_600_000_000);
    expect(failing.webhook_retrying_since).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(failing.next_retry_at).toBeGreaterThanOrEqual(failing.webhook_retrying_since as number);
    expect(failing.webhook_last_failure_reason).toContain('500');
    expect(hook.calls).toHaveLength(1);

    for (const tx of [...txs.slice(1), ...more]) await replay(sim, tx);
    await new Promise((r) => setTimeout(r, 100));
    expect(hook.calls).toHaveLength(1);
    expect((await status(sim)).pending).toBe(150);

    const stillFailing = await retry(sim);
    expect(stillFailing.code).not.toBe(0);
    expect(stillFailing.data).toMatchObject({
      attempted: 100,
      delivered: 0,
      failed: 100,
      finalFailed: false,
      pending: 150,
    });
    expect(stillFailing.data.nextRetryAt).toBeGreaterThan(0);
    expect(hook.calls).toHaveLength(2);

    hook.status = 204;
    const drained = await retry(sim);
    expect(drained.code).toBe(0);
    expect(drained.data).toEqual({
      attempted: 150,
      delivered: 150,
      failed: 0,
      finalFailed: false,
      nextRetryAt: null,
      pending: 0,
    });
    expect(hook.calls.slice(2).map((c) => (c.body as unknown[]).length)).toEqual([100, 50]);
    const after = await status(sim);
    expect(after).toMatchObject({
      webhook_delivery_status: 'active',
      webhook_retrying_since: null,
      pending: 0,
    });

    const nothing = await retry(sim);
    expect(nothing.data).toMatchObject({
      attempted: 0,
      delivered: 0,
      failed: 0,
      pending: 0,
      nextRetryAt: null,
    });
  });

  it('retries on its own schedule', async () => {
    sim = await startTx({ webhookRetryBaseMs: 100 });
    await enable(sim);
    hook.status = 503;
    const [tx] = await transfers(sim, 1);
    await replay(sim, tx as TransferRecord);
    await waitFor(() => hook.calls.length >= 3, 5_000);
    hook.status = 200;
    await waitFor(async () => (await status(sim)).webhook_delivery_status === 'active', 5_000);
    expect((await status(sim)).pending).toBe(0);
    const times = hook.calls.length;
    expect(times).toBeGreaterThanOrEqual(4);
  });

  it('treats a redirect as a failure and does not follow it', async () => {
    sim = await startTx();
    await enable(sim);
    hook.status = 302;
    const [tx] = await transfers(sim, 1);
    await replay(sim, tx as TransferRecord);
    await waitFor(async () => (await status(sim)).webhook_delivery_status === 'retrying');
    expect(hook.calls).toHaveLength(1);
  });

  it('disables the webhook when a batch is still undelivered 36 h after its first failure', async () => {
    // a base interval at the cap keeps the scheduler out of the way: only the manual retries run
    sim = await startTx({ webhookRetryBaseMs: 36 * 3_600_000 });
    await enable(sim);
    hook.status = 500;
    const [tx] = await transfers(sim, 1);
    await replay(sim, tx as TransferRecord);
    await waitFor(async () => (await status(sim)).webhook_delivery_status === 'retrying');

    sim.clock.offset += 35 * 3_600_000;
    expect((await retry(sim)).data.finalFailed).toBe(false);
    expect((await status(sim)).webhook_delivery_status).toBe('retrying');

    sim.clock.offset += 3_600_000 + 1_000;
    const final = await retry(sim);
    expect(final.data).toMatchObject({ finalFailed: true, pending: 0, nextRetryAt: null });
    const disabled = await status(sim);
    expect(disabled).toMatchObject({
      webhook_delivery_status: 'disabled',
      enable_webhook: false,
      webhook_last_failed_transaction_id: tx?.id,
      pending: 0,
    });
    expect(disabled.webhook_last_failure_reason).toContain('500');

    // disabled: nothing is sent any more
    const calls = hook.calls.length;
    await replay(sim, tx as TransferRecord);
    await new Promise((r) => setTimeout(r, 100));
    expect(hook.calls).toHaveLength(calls);

    hook.status = 200;
    await sim.call('PUT', '/app/config', { enable_webhook: true });
    const cfg = AppConfigEnvelope.parse((await sim.call('GET', '/app/config')).body).data;
    expect(cfg).toMatchObject({
      enable_webhook: true,
      webhook_delivery_status: 'active',
      webhook_last_failed_transaction_id: tx?.id,
    });
    await replay(sim, tx as TransferRecord);
    await waitFor(() => hook.calls.length === calls + 1);
  });

  it('does not deliver while is_active is false', async () => {
    sim = await startTx();
    await enable(sim);
    await sim.call('PUT', '/app/config', { is_active: false });
    const [tx] = await transfers(sim, 1);
    await replay(sim, tx as TransferRecord);
    await new Promise((r) => setTimeout(r, 150));
    expect(hook.calls).toHaveLength(0);
  });

  it('keeps the retry queue and the secret across a restart', async () => {
    const first = await startTx();
    sim = first;
    await enable(first);
    hook.status = 500;
    const txs = await transfers(first, 3);
    for (const tx of txs) await replay(first, tx);
    await waitFor(async () => (await status(first)).pending === 3);
    await first.close(true);

    sim = await startTx({}, first.stateDir);
    const restored = await status(sim);
    expect(restored).toMatchObject({
      webhook_delivery_status: 'retrying',
      pending: 3,
      enable_webhook: true,
    });
    hook.status = 200;
    const done = await retry(sim);
    expect(done.data).toMatchObject({ delivered: 3, pending: 0 });
    const last = hook.calls[hook.calls.length - 1];
    expect(last?.headers.sign).toBe('s3cret');
    expect(
      WebhookBody.parse(last?.body)
        .map((t) => t.tx_hash)
        .sort(),
    ).toEqual(txs.map((t) => t.tx_hash).sort());
  });
});
