/**
 * An upstream socket that sends a malformed candle and a malformed transaction among good ones: the
 * hub drops and counts each bad one, relays the good ones, and the browser stream goes on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { json } from '../../support/sse';
import { startStreamHarness, waitUntil, type StreamHarness } from '../../support/stream';
import type { RecordingUpstream } from '../../support/upstream';
import { evmTx } from '../wallets/fixtures';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const OPEN = 1_795_000_000 - (1_795_000_000 % 60);

/** A candle as the kline seed's `ohlcv` frame carries it. */
const candle = (openTime: number, close: number | string | null) => ({
  chain_type: 'evm',
  chain_id: 1,
  pool_address: POOL,
  token: 'base',
  interval: '1m',
  open_time: openTime,
  open: 1,
  high: 2,
  low: 0.5,
  close,
  volume: 10,
});
const frame = (type: string, data: unknown, msg = 'ok') => ({
  id: `srv-${Math.random().toString(36).slice(2)}`,
  time: Date.now(),
  type,
  code: 0,
  data,
  msg,
});

let server: Server;
let harness: StreamHarness;
const sockets = { kline: null as WebSocket | null, tx: null as WebSocket | null };
let subscribed = false;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws, req) => {
    const kind = req.url?.includes('/kline/') ? 'kline' : 'tx';
    sockets[kind] = ws;
    ws.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString('utf8')) as { id?: string; type?: string };
      if (m.type === 'ping') ws.send(JSON.stringify({ ...frame('pong', {}), id: m.id }));
      else if (m.type === 'subscribe' && kind === 'kline') {
        subscribed = true;
        ws.send(
          JSON.stringify({
            ...frame('subscribed', { key: 'k', token: 'base', intervals: ['1m'] }),
            id: m.id,
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Only the address and the key of the harness's upstream are used here.
  const upstream: Pick<RecordingUpstream, 'url' | 'key' | 'frames'> = {
    url: `http://127.0.0.1:${port}`,
    key: 'malformed-test-key',
    frames: [],
  };
  harness = await startStreamHarness(upstream);
});
afterAll(async () => {
  await harness.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  (await import('@/lib/observe/log')).setLogSink(null);
});

describe('malformed upstream events', () => {
  it('a candle that fails the seed schema is dropped and counted; the next good one arrives', async () => {
    const lines: string[] = [];
    (await import('@/lib/observe/log')).setLogSink((line) => lines.push(line));
    const stream = await harness.open([`ohlcv:evm:1:${POOL}:1m`]);
    expect(stream.response.status).toBe(200);
    await waitUntil(() => sockets.kline !== null, 5000, 'kline socket');
    await waitUntil(() => subscribed, 5000, 'upstream subscribe');

    const ws = sockets.kline!;
    ws.send(JSON.stringify(frame('ohlcv', candle(OPEN, 'not-a-number'))));
    ws.send(JSON.stringify(frame('ohlcv', { ...candle(OPEN, 1.5), open_time: 'yesterday' })));
    ws.send(JSON.stringify(frame('ohlcv', candle(OPEN + 60, 1.75))));

    const e = await stream.sse.waitFor((ev) => ev.event === 'ohlcv', 10_000, 'good candle');
    expect(json(e)).toMatchObject({ open_time: OPEN + 60, close: 1.75 });
    expect(harness.hub.kline.dropped).toBe(2);
    // The log names the field, never the value.
    const logged = lines.filter((l) => l.includes('candle dropped'));
    expect(logged).toHaveLength(2);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({ service: 'kline', field: 'close' });
    expect(logged.join(' ')).not.toContain('not-a-number');
    expect(logged.join(' ')).not.toContain('yesterday');
    // Only the good one was relayed.
    expect(stream.sse.events.filter((ev) => ev.event === 'ohlcv')).toHaveLength(1);
    await stream.close();
  });

  it('a transaction push that fails the seed schema is dropped and counted; the next good one arrives', async () => {
    (await import('@/lib/observe/log')).setLogSink(() => undefined);
    const stream = await harness.open(['tx']);
    expect(stream.response.status).toBe(200);
    await waitUntil(() => sockets.tx !== null, 5000, 'tx socket');

    const good = { ...evmTx(), listenAddress: [], is_reorg_resend: false };
    const bad = { ...evmTx(), chain_id: 'one', listenAddress: [], is_reorg_resend: false };
    const ws = sockets.tx!;
    ws.send(JSON.stringify(frame('transaction', bad)));
    ws.send(JSON.stringify(frame('transaction', { nothing: 'here' })));
    ws.send(JSON.stringify(frame('transaction', good)));

    const e = await stream.sse.waitFor((ev) => ev.event === 'transaction', 10_000, 'good tx');
    expect(json(e)).toMatchObject({ tx_hash: good.tx_hash, chain_id: 1 });
    expect(harness.hub.tx.dropped).toBe(2);
    expect(harness.hub.tx.relayed).toBe(1);
    expect(stream.sse.events.filter((ev) => ev.event === 'transaction')).toHaveLength(1);
    await stream.close();
  });
});
