import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  AppConfigEnvelope,
  TransactionEnvelope,
  TransactionPush,
  TransferListEnvelope,
  TxFailure,
  WsAckReply,
  WsConnected,
  WsError,
  WsGetTxHashReply,
  WsPong,
  WsReplayEnvelope,
  WsStatusEnvelope,
  WsSubscribeReply,
  WsUnsubscribeReply,
  type TransferRecord,
} from '@/lib/contracts/tx/schema';
import {
  BTC_WALLET,
  connectWs,
  handshakeStatus,
  KEY,
  pushMessage,
  SOL_WALLET,
  startTx,
  TRON_WALLET,
  VITALIK,
  waitFor,
  type TxSim,
  type WsClient,
} from './tx-harness';

let sim: TxSim;

beforeAll(async () => {
  sim = await startTx();
});
afterAll(async () => {
  await sim.close();
});

/** Matches the `transaction` push of one hash. */
function pushOf(hash: string) {
  return (m: { type: string; data: unknown }) =>
    m.type === 'transaction' && (m.data as { tx_hash: string }).tx_hash === hash;
}

async function someTransfer(address: string, chain_type: string): Promise<TransferRecord> {
  const env = TransferListEnvelope.parse(
    (await sim.call('POST', '/transfers/search', { address, chain_type, limit: 1 })).body,
  );
  const tx = env.data[0];
  if (!tx) throw new Error('no transfer');
  return tx;
}

/** A transaction of a monitored address, replayed (a push the test controls). */
async function replay(tx: TransferRecord, extra: Record<string, unknown> = {}) {
  const { id: _id, ...detail } = tx;
  const reply = await sim.call(
    'POST',
    '/transaction/ws/replay',
    pushMessage({ ...detail, listenAddress: [VITALIK], is_reorg_resend: false, ...extra }),
  );
  expect(reply.status).toBe(200);
  return WsReplayEnvelope.parse(reply.body).data;
}

describe('handshake', () => {
  it('answers 426 to a plain GET and 400 without or with a wrong key', async () => {
    const plain = await sim.call('GET', '/transaction/ws');
    expect(plain.status).toBe(426);
    TxFailure.parse(plain.body);
    expect(await handshakeStatus(sim, {})).toBe(400);
    expect(await handshakeStatus(sim, { 'x-api-key': 'nope' })).toBe(400);
  });

  it('says connected with the clientId and the appId of the key', async () => {
    const client = await connectWs(sim);
    try {
      const connected = WsConnected.parse(await client.next((m) => m.type === 'connected'));
      expect(connected.code).toBe(0);
      expect(connected.time).toBeGreaterThan(1_600_000_000_000);
      const cfg = AppConfigEnvelope.parse((await sim.call('GET', '/app/config')).body).data;
      expect(connected.data.appId).toBe(cfg.app_id);
      const status = WsStatusEnvelope.parse(
        (await sim.call('GET', '/transaction/ws/status')).body,
      ).data;
      expect(status.appId).toBe(cfg.app_id);
      expect(status.clients).toContain(connected.data.clientId);
      expect(status.connectedClients).toBe(status.clients.length);
      const me = status.details.find((d) => d.clientId === connected.data.clientId);
      expect(me?.uptime).toBeGreaterThanOrEqual(0);
      expect(Math.abs((me?.connectedAt ?? 0) - Date.now())).toBeLessThan(10_000);
    } finally {
      await client.close();
    }
  });
});

describe('commands', () => {
  let client: WsClient;
  beforeAll(async () => {
    client = await connectWs(sim);
    await client.next((m) => m.type === 'connected');
  });
  afterAll(async () => {
    await client.close();
  });

  it('answers ping with pong, same id, data null', async () => {
    const pong = WsPong.parse(await client.request('ping', {}));
    expect(pong.code).toBe(0);
    expect(pong.data).toBeNull();
  });

  it('subscribes and unsubscribes per connection', async () => {
    const sub = WsSubscribeReply.parse(
      await client.request('subscribe', { address: SOL_WALLET, chain_type: 'SOLANA' }),
    );
    expect(sub.code).toBe(0);
    expect(sub.data).toMatchObject({ address: SOL_WALLET, chain_type: 'solana' });
    expect(sub.data.appId).toMatch(/^app_/);
    const all = WsUnsubscribeReply.parse(
      await client.request('unsubscribe', { address: SOL_WALLET }),
    );
    expect(all.data).toEqual({ address: SOL_WALLET, chainType: null });
    const one = WsUnsubscribeReply.parse(
      await client.request('unsubscribe', { address: SOL_WALLET, chain_type: 'Solana' }),
    );
    expect(one.data).toEqual({ address: SOL_WALLET, chainType: 'solana' });
    // the subscription was not added to the monitored list
    const contains = await sim.call('POST', '/addresses/contains', {
      chain_type: 'solana',
      address: 'So11111111111111111111111111111111111111112',
    });
    expect(contains.body).toMatchObject({ data: { is_exist: false } });
  });

  it('answers command errors with the seed messages', async () => {
    const cases: [string, unknown, number, string][] = [
      ['subscribe', { address: VITALIK }, 400, 'address and chain_type required'],
      ['subscribe', { chain_type: 'ethereum' }, 400, 'address and chain_type required'],
      ['unsubscribe', {}, 400, 'address required'],
      [
        'getTxHash',
        { chain_type: 'ethereum', txHash: '0x00' },
        400,
        'chain_type, chain_id, txHash required',
      ],
      [
        'getTxHash',
        { chain_type: 'ethereum', chain_id: 1 },
        400,
        'chain_type, chain_id, txHash required',
      ],
      [
        'getTxHash',
        { chain_type: 'ethereum', chain_id: 1, txHash: `0x${'12'.repeat(32)}` },
        404,
        'transaction not found',
      ],
      ['transactionACK', { txHash: '0x00' }, 400, 'chain_type and messageId/txHash required'],
      [
        'transactionACK',
        { chain_type: 'ethereum' },
        400,
        'chain_type and messageId/txHash required',
      ],
      ['nonsense', {}, 400, 'unknown command: nonsense'],
    ];
    for (const [type, data, code, msg] of cases) {
      const reply = WsError.parse(await client.request(type, data));
      expect(reply, `${type} ${JSON.stringify(data)}`).toMatchObject({
        type,
        code,
        msg,
        data: null,
      });
    }
    client.ws.send('not json');
    const invalid = WsError.parse(await client.next((m) => m.msg === 'invalid JSON'));
    expect(invalid.code).toBe(400);
  });

  it('gets a transaction by hash', async () => {
    const tx = await someTransfer(VITALIK, 'ethereum');
    const reply = WsGetTxHashReply.parse(
      await client.request('getTxHash', {
        chain_type: 'ethereum',
        chain_id: 1,
        txHash: tx.tx_hash,
      }),
    );
    expect(reply.code).toBe(0);
    expect(reply.data.tx_hash).toBe(tx.tx_hash);
  });
});

describe('pushes', () => {
  it('broadcasts a replayed transaction to every client, tracks and clears the pending ACK', async () => {
    const a = await connectWs(sim);
    const b = await connectWs(sim);
    try {
      const aId = WsConnected.parse(await a.next((m) => m.type === 'connected')).data.clientId;
      await b.next((m) => m.type === 'connected');
      const tx = await someTransfer(VITALIK, 'ethereum');
      const result = await replay(tx);
      expect(result).toEqual({ processed: true, txhash: tx.tx_hash });

      const pushA = TransactionPush.parse(await a.next(pushOf(tx.tx_hash)));
      const pushB = TransactionPush.parse(await b.next(pushOf(tx.tx_hash)));
      expect(pushA.id).toBe(pushB.id);
      expect(pushA.data.listenAddress).toEqual([VITALIK]);
      expect(pushA.data.is_reorg_resend).toBe(false);
      expect(pushA.code).toBe(0);

      const byMessage = WsGetTxHashReply.parse(
        await a.request('getTxHash', { chain_type: 'ethereum', chain_id: 1, messageId: pushA.id }),
      );
      expect(byMessage.data.tx_hash).toBe(tx.tx_hash);

      const status = WsStatusEnvelope.parse(
        (await sim.call('GET', '/transaction/ws/status')).body,
      ).data;
      expect(status.connectedClients).toBeGreaterThanOrEqual(2);
      expect(status.details.find((d) => d.clientId === aId)?.pendingTxCount).toBeGreaterThanOrEqual(
        1,
      );

      const ack = WsAckReply.parse(
        await b.request('transactionACK', {
          chain_type: 'ethereum',
          chain_id: 1,
          messageId: pushB.id,
        }),
      );
      expect(ack.data.txHash).toBe(tx.tx_hash);
      const after = WsStatusEnvelope.parse(
        (await sim.call('GET', '/transaction/ws/status')).body,
      ).data;
      expect(after.details.find((d) => d.clientId === aId)?.pendingTxCount).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('writes replays idempotently and rejects malformed ones', async () => {
    const tx = await someTransfer(TRON_WALLET, 'tron');
    const custom = { ...tx, tx_hash: 'f'.repeat(64), amount: '123' };
    await replay(custom);
    await replay(custom);
    const found = TransactionEnvelope.parse(
      (await sim.call('GET', `/transactions/${'f'.repeat(64)}?chain_type=tron&chain_id=728126428`))
        .body,
    );
    expect(found.data?.amount).toBe('123');
    const listed = TransferListEnvelope.parse(
      (
        await sim.call('POST', '/transfers/search', {
          address: TRON_WALLET,
          chain_type: 'tron',
          limit: 100,
        })
      ).body,
    ).data;
    expect(listed.filter((r) => r.tx_hash === 'f'.repeat(64))).toHaveLength(1);

    for (const body of [
      {},
      { data: 5 },
      pushMessage({ chain_type: 'tron', chain_id: 728126428 }),
      pushMessage({ chain_type: 'tron', tx_hash: 'ab' }),
      pushMessage({ ...tx, amount: 5 }),
    ]) {
      const reply = await sim.call('POST', '/transaction/ws/replay', body);
      expect(reply.status).toBe(400);
      TxFailure.parse(reply.body);
    }
    const raw = await sim.call('POST', '/transaction/ws/replay', undefined, { raw: 'nope' });
    expect(raw.status).toBe(400);
  });

  it('re-sends unACKed pushes on connect within X-ResendDuration, and stops after an ACK', async () => {
    // keep the periodic resend out of the way: only the on-connect resend may deliver it
    await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 3600 });
    const tx = await someTransfer(BTC_WALLET, 'bitcoin');
    await replay(tx, { listenAddress: [BTC_WALLET] });
    sim.clock.offset += 60_000;
    try {
      const isIt = pushOf(tx.tx_hash);
      const late = await connectWs(sim, { 'x-api-key': KEY, 'X-ResendDuration': '30' });
      await late.next((m) => m.type === 'connected');
      await new Promise((r) => setTimeout(r, 150));
      expect(late.received.some(isIt)).toBe(false);
      await late.close();

      const inWindow = await connectWs(sim);
      const push = TransactionPush.parse(await inWindow.next(isIt));
      expect(push.data.listenAddress).toEqual([BTC_WALLET]);
      WsAckReply.parse(
        await inWindow.request('transactionACK', { chain_type: 'bitcoin', txHash: tx.tx_hash }),
      );
      await inWindow.close();

      const afterAck = await connectWs(sim);
      await afterAck.next((m) => m.type === 'connected');
      await new Promise((r) => setTimeout(r, 150));
      expect(afterAck.received.some(isIt)).toBe(false);
      await afterAck.close();
    } finally {
      sim.clock.offset -= 60_000;
      await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 30 });
    }
  });

  it('sends a pending push once on connect, not again on the next resend tick', async () => {
    await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 1 });
    const tx = await someTransfer(BTC_WALLET, 'bitcoin');
    await replay(tx, { listenAddress: [BTC_WALLET] });
    // Its last send is now older than the interval: the tick would re-send it to everyone.
    sim.clock.offset += 5_000;
    try {
      const isIt = pushOf(tx.tx_hash);
      const client = await connectWs(sim);
      await client.next(isIt);
      await new Promise((r) => setTimeout(r, 500));
      expect(client.received.filter(isIt)).toHaveLength(1);
      await client.close();
    } finally {
      sim.clock.offset -= 5_000;
      await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 30 });
    }
  });

  it('re-sends an unACKed push every ws_ack_resend_interval_seconds', async () => {
    await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 1 });
    const client = await connectWs(sim);
    try {
      await client.next((m) => m.type === 'connected');
      const tx = await someTransfer(SOL_WALLET, 'solana');
      await replay(tx, { listenAddress: [SOL_WALLET] });
      const isIt = pushOf(tx.tx_hash);
      const first = await client.next(isIt);
      const again = await client.next(isIt, 3_000);
      expect(again.id).toBe(first.id);
      expect(again.time - first.time).toBeGreaterThanOrEqual(900);
      WsAckReply.parse(
        await client.request('transactionACK', {
          chain_type: 'solana',
          chain_id: 501,
          messageId: first.id,
        }),
      );
    } finally {
      await client.close();
      await sim.call('PUT', '/app/config', { ws_ack_resend_interval_seconds: 30 });
    }
  });

  it('pushes nothing while enable_ws is false', async () => {
    await sim.call('PUT', '/app/config', { enable_ws: false });
    const client = await connectWs(sim);
    try {
      await client.next((m) => m.type === 'connected');
      const tx = await someTransfer(VITALIK, 'bsc');
      await replay(tx);
      await new Promise((r) => setTimeout(r, 200));
      expect(client.received.some((m) => m.type === 'transaction')).toBe(false);
    } finally {
      await client.close();
      await sim.call('PUT', '/app/config', { enable_ws: true });
    }
  });
});

describe('live production', () => {
  it('produces matched transactions for every monitored family, visible in history, and for subscriptions', async () => {
    const live = await startTx({ txIntervalMs: 100 });
    const client = await connectWs(live);
    try {
      await client.next((m) => m.type === 'connected');
      const pushes = () =>
        client.received
          .filter((m) => m.type === 'transaction')
          .map((m) => TransactionPush.parse(m));
      await waitFor(() => new Set(pushes().map((p) => p.data.chain_type)).size >= 4, 8_000);
      expect(new Set(pushes().map((p) => p.data.chain_type))).toEqual(
        new Set(['ethereum', 'solana', 'tron', 'bitcoin']),
      );
      for (const p of pushes()) {
        expect(p.data.listenAddress.length).toBeGreaterThan(0);
        expect(typeof p.data.is_reorg_resend).toBe('boolean');
        expect([VITALIK, SOL_WALLET, TRON_WALLET, BTC_WALLET]).toEqual(
          expect.arrayContaining(p.data.listenAddress),
        );
      }
      const ids = new Set(pushes().map((p) => p.id));
      expect(ids.size).toBe(pushes().length);

      const last = pushes().find((p) => p.data.chain_type === 'ethereum');
      if (last) {
        const history = TransferListEnvelope.parse(
          (
            await live.call('POST', '/transfers/search', {
              address: VITALIK,
              chain_type: 'ethereum',
              limit: 100,
            })
          ).body,
        ).data;
        expect(history.some((r) => r.tx_hash === last.data.tx_hash)).toBe(true);
      }
      const anyPush = pushes()[0];
      const found = TransactionEnvelope.parse(
        (
          await live.call(
            'GET',
            `/transactions/${anyPush?.data.tx_hash}?chain_type=${anyPush?.data.chain_type}&chain_id=${anyPush?.data.chain_id}`,
          )
        ).body,
      );
      expect(found.data?.tx_hash).toBe(anyPush?.data.tx_hash);

      const watched = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
      WsSubscribeReply.parse(
        await client.request('subscribe', { address: watched, chain_type: 'base' }),
      );
      const own = TransactionPush.parse(
        await client.next(
          (m) =>
            m.type === 'transaction' &&
            (m.data as { listenAddress: string[] }).listenAddress.includes(watched),
          6_000,
        ),
      );
      // A chain the seed does not name is `evm` in records, with its chain id.
      expect(own.data.chain_type).toBe('evm');
      expect(own.data.chain_id).toBe(8453);
    } finally {
      await client.close();
      await live.close();
    }
  });
});
