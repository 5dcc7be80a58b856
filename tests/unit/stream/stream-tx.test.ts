import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../support/sse';
import { startStreamHarness, waitUntil, type StreamHarness } from '../../support/stream';
import { startRecordingSim, type RecordingUpstream } from '../../support/upstream';

const TX_WS = '/tx/api/v1/transaction/ws';
const MONITORED = [
  { chain_type: 'ethereum', address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' },
  { chain_type: 'solana', address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
  { chain_type: 'tron', address: 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G' },
  { chain_type: 'bitcoin', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
];
const WATCHED = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

interface Tx {
  chain_type: string;
  chain_id: number;
  tx_hash: string;
  tx_time: number;
  listenAddress: string[];
  is_reorg_resend: boolean;
}

let upstream: RecordingUpstream;
let harness: StreamHarness;

beforeAll(async () => {
  upstream = await startRecordingSim('stream-key-tx-1', { txIntervalMs: 250 });
  harness = await startStreamHarness(upstream);
});
afterAll(async () => {
  await harness.stop();
  await upstream.close();
});

const identity = (t: Tx) =>
  `${t.chain_type}:${t.chain_id}:${t.tx_hash.toLowerCase()}:${t.is_reorg_resend ? 'reorg' : ''}`;

async function historyBetween(from: number, to: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const { address } of MONITORED) {
    const r = await fetch(`${upstream.url}/tx/api/v1/transfers/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': upstream.key },
      body: JSON.stringify({ address, limit: 100 }),
    });
    const body = (await r.json()) as { data: Tx[] };
    for (const t of body.data)
      if (t.tx_time >= from && t.tx_time <= to)
        seen.add(identity({ ...t, is_reorg_resend: false }));
  }
  return seen;
}

describe('browser stream: transactions', () => {
  it('relays matched transactions with listenAddress and is_reorg_resend, and acknowledges them upstream', async () => {
    const stream = await harness.open(['tx']);
    const first = await stream.sse.waitFor(
      (e) => e.event === 'transaction',
      10_000,
      'a transaction',
    );
    const tx = json<Tx>(first);
    expect(Array.isArray(tx.listenAddress)).toBe(true);
    expect(tx.listenAddress.length).toBeGreaterThan(0);
    expect(typeof tx.is_reorg_resend).toBe('boolean');
    expect(tx.tx_hash).toBeTruthy();
    await waitUntil(
      () =>
        harness
          .frames('transactionACK', TX_WS)
          .some((m) => (m.data as { txHash?: string }).txHash === tx.tx_hash),
      5000,
      'the ACK of the first transaction',
    );
    await stream.close();
  });

  it('survives the upstream socket being cut with no lost and no duplicate transaction', async () => {
    const stream = await harness.open(['tx']);
    await stream.sse.waitFor((e) => e.event === 'transaction', 10_000, 'first transaction');
    const from = Math.floor(Date.now() / 1000) + 1;
    await new Promise((r) => setTimeout(r, 1500));
    upstream.running.dropSockets();
    await stream.sse.waitFor(
      (e) => e.event === 'status' && json(e).service === 'tx' && json(e).state === 'reconnecting',
      5000,
      'reconnecting',
    );
    await new Promise((r) => setTimeout(r, 2500));
    const to = Math.floor(Date.now() / 1000) - 1;
    // Give re-sends and the last pushes time to arrive.
    await new Promise((r) => setTimeout(r, 2000));

    const received = stream.sse.events
      .filter((e) => e.event === 'transaction')
      .map((e) => json<Tx>(e));
    const keys = received.map(identity);
    expect(new Set(keys).size).toBe(keys.length); // no duplicate
    const inWindow = new Set(
      received
        .filter((t) => !t.is_reorg_resend && t.tx_time >= from && t.tx_time <= to)
        .map(identity),
    );
    const produced = await historyBetween(from, to);
    expect(produced.size).toBeGreaterThan(5);
    const missing = [...produced].filter((k) => !inWindow.has(k));
    expect(missing).toEqual([]); // nothing lost, including what was pushed while the socket was down
    await stream.close();
  });

  it('a watch follows an address for that stream only, through the upstream subscribe, and is released', async () => {
    const watcher = await harness.open([`tx:ethereum:${WATCHED}`]);
    const everyone = await harness.open(['tx']);
    await waitUntil(
      () =>
        harness
          .frames('subscribe', TX_WS)
          .some((m) => (m.data as { address?: string }).address === WATCHED),
      5000,
      'upstream subscribe',
    );
    const watched = await watcher.sse.waitFor(
      (e) =>
        e.event === 'transaction' &&
        json<Tx>(e).listenAddress.some((a) => a.toLowerCase() === WATCHED.toLowerCase()),
      15_000,
      'a transaction of the watched address',
    );
    expect(json<Tx>(watched).chain_type).toBeTruthy();
    // The monitored feed of other streams never carries a transaction that matched only the watch.
    await new Promise((r) => setTimeout(r, 500));
    const leaked = everyone.sse.events
      .filter((e) => e.event === 'transaction')
      .map((e) => json<Tx>(e))
      .filter((t) => t.listenAddress.every((a) => a.toLowerCase() === WATCHED.toLowerCase()));
    expect(leaked).toEqual([]);
    // Nothing was added to the monitored list.
    const contains = await fetch(`${upstream.url}/tx/api/v1/addresses/contains`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': upstream.key },
      body: JSON.stringify({ chain_type: 'ethereum', address: WATCHED }),
    });
    expect(((await contains.json()) as { data: { is_exist: boolean } }).data.is_exist).toBe(false);

    await watcher.close();
    await waitUntil(
      () =>
        harness
          .frames('unsubscribe', TX_WS)
          .some((m) => (m.data as { address?: string }).address === WATCHED),
      5000,
      'upstream unsubscribe',
    );
    await everyone.close();
  });

  it('pool trades: one poller per pool for every viewer, new trades as they come', async () => {
    const topic = 'trades:ethereum:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
    const streams = await Promise.all(Array.from({ length: 20 }, () => harness.open([topic])));
    const trade = await streams[0]!.sse.waitFor((e) => e.event === 'trade', 10_000, 'a trade');
    const data = json<Tx & { topic: string; id: number }>(trade);
    expect(data.topic).toBe(topic);
    expect(typeof data.id).toBe('number');
    expect(harness.hub.trades.pollCount).toBe(1);
    await Promise.all(streams.map((s) => s.close()));
    await waitUntil(() => harness.hub.trades.pollCount === 0, 3000, 'poller released');
  });
});
