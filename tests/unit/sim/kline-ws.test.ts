import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { KlineFailure, WsError, WsPong } from '@/lib/contracts/kline/schema';
import { POOLS, refusedHandshake, sleep, startSim, WsClient, type TestSim } from './kline-support';

let t: TestSim;
const clients: WsClient[] = [];
beforeAll(async () => {
  t = await startSim();
});
afterAll(async () => {
  for (const c of clients) c.close();
  await t.close();
});

async function connect(path = '/kline/ws'): Promise<WsClient> {
  const c = await WsClient.open(`${t.wsBase}${path}`);
  clients.push(c);
  return c;
}

describe('kline/ws handshake', () => {
  it('refuses a missing or wrong key with 401 / 20001', async () => {
    for (const key of [null, 'nope']) {
      const res = await refusedHandshake(`${t.wsBase}/kline/ws`, key);
      expect(res.status).toBe(401);
      expect(KlineFailure.parse(JSON.parse(res.body))).toEqual({
        code: 20001,
        message: 'Unauthorized',
        error: { type: 'UnauthorizedError' },
      });
    }
  });
});

describe('kline/ws commands', () => {
  it('answers ping with pong', async () => {
    const c = await connect();
    const before = Date.now();
    const pong = WsPong.parse(await c.request({ id: 'p-1', type: 'ping' }));
    expect(pong).toMatchObject({ id: 'p-1', type: 'pong', code: 0, data: {}, msg: 'ok' });
    expect(pong.time).toBeGreaterThanOrEqual(before - 1000);
    expect(pong.time).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('answers malformed messages with the seed errors, echoing the id', async () => {
    const c = await connect();
    const cases: [unknown, string, number, string][] = [
      ['{not json', '', 4001, 'Invalid JSON'],
      [{ type: 'ping' }, '', 4001, 'Missing id or type'],
      [{ id: 'a1' }, 'a1', 4001, 'Missing id or type'],
      [[1, 2], '', 4001, 'Missing id or type'],
      [{ id: 'a2', type: 'resubscribe' }, 'a2', 4002, 'Unknown command: resubscribe'],
      [{ id: 'a3', type: 'subscribe' }, 'a3', 4001, 'subscribe: missing required fields'],
      [
        { id: 'a4', type: 'subscribe', data: { chain_type: 'evm', chain_id: 1 } },
        'a4',
        4001,
        'subscribe: missing required fields',
      ],
      [
        {
          id: 'a5',
          type: 'subscribe',
          data: { chain_id: 1, pool_address: POOLS.uniEth.pool_address },
        },
        'a5',
        4001,
        'subscribe: missing required fields',
      ],
      [
        {
          id: 'a6',
          type: 'subscribe',
          data: { ...POOLS.uniEth, pool_address: '0x0000000000000000000000000000000000000001' },
        },
        'a6',
        4001,
        'subscribe: active pool not found',
      ],
      [
        { id: 'a7', type: 'subscribe', data: { ...POOLS.uniEth, chain_id: 56 } },
        'a7',
        4001,
        'subscribe: active pool not found',
      ],
      [
        { id: 'a8', type: 'subscribe', data: POOLS.inactive },
        'a8',
        4001,
        'subscribe: active pool not found',
      ],
      [
        { id: 'a9', type: 'subscribe', data: POOLS.ambiguous },
        'a9',
        4500,
        'subscribe: ambiguous active pool',
      ],
      [
        { id: 'b1', type: 'unsubscribe', data: { chain_type: 'evm' } },
        'b1',
        4001,
        'unsubscribe: missing required fields',
      ],
    ];
    for (const [message, id, code, msg] of cases) {
      const from = c.frames.length;
      c.send(message);
      const reply = WsError.parse(await c.next(() => true, 4000, from));
      expect(reply, JSON.stringify(message)).toMatchObject({
        id,
        type: 'error',
        code,
        data: null,
        msg,
      });
    }
    // no failed subscribe left a subscription behind
    await sleep(1300);
    expect(c.frames.filter((f) => f.type === 'ohlcv')).toEqual([]);
  });

  it('silently ignores binary frames', async () => {
    const c = await connect();
    c.socket.send(Buffer.from([0, 1, 2, 3]));
    const pong = await c.request({ id: 'after-binary', type: 'ping' });
    expect(pong.type).toBe('pong');
    expect(c.frames).toHaveLength(1);
  });
});

describe('ws/{topic}: the generic WebSocket', () => {
  it('needs the key', async () => {
    const res = await refusedHandshake(`${t.wsBase}/ws/anything`, null);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: 20001, message: 'Unauthorized' });
  });

  it('answers ping only; binary frames and other commands are errors', async () => {
    const c = await connect('/ws/candles');
    expect(WsPong.parse(await c.request({ id: 'g1', type: 'ping' }))).toMatchObject({
      id: 'g1',
      data: {},
      msg: 'ok',
      code: 0,
    });
    let from = c.frames.length;
    c.socket.send(Buffer.from([9, 9]));
    expect(WsError.parse(await c.next(() => true, 4000, from))).toMatchObject({
      code: 4001,
      msg: 'Binary messages are not supported',
    });
    expect(
      WsError.parse(await c.request({ id: 'g2', type: 'subscribe', data: POOLS.uniEth })),
    ).toMatchObject({
      code: 4002,
      msg: 'Unknown command: subscribe',
    });
    from = c.frames.length;
    c.send('nope');
    expect(WsError.parse(await c.next(() => true, 4000, from))).toMatchObject({
      code: 4001,
      msg: 'Invalid JSON',
      id: '',
    });
  });
});
