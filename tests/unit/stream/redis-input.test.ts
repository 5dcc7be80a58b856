/**
 * What an instance reads back from the cluster's Redis is parsed like client input (issue 25): an
 * event name outside the SSE union, data with a line break, a topic no browser could ask for or a
 * malformed cached answer is skipped, never written to a browser or answered with.
 */
import { describe, expect, it } from 'vitest';
import {
  parseCachedResponse,
  parseInterestMember,
  parseLinkState,
  parseStoredEvent,
} from '@/lib/server/cluster/parse';
import { evmTx } from '../wallets/fixtures';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const candle = {
  chain_type: 'evm',
  chain_id: 1,
  pool_address: POOL,
  token: 'base',
  interval: '1m',
  open_time: 1_795_000_000,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 10,
};

describe('events read back from a topic stream', () => {
  it('keeps the events this app writes', () => {
    for (const [event, value] of [
      ['ohlcv', candle],
      ['transaction', { ...evmTx({ tx_hash: '0x1' }), listenAddress: ['0xabc'] }],
      ['trade', { ...evmTx({ tx_hash: '0x2' }), topic: `trades:evm:1:${POOL}` }],
      ['error', { topic: 'x', code: 404, message: 'Unknown pool' }],
      ['status', { service: 'kline', state: 'connected', detail: null }],
    ] as const) {
      const data = JSON.stringify(value);
      expect(parseStoredEvent(event, data), event).toEqual({ event, data });
    }
  });

  it('skips an unknown event name, a line break in the data, data that is not the event, garbage', () => {
    const data = JSON.stringify(candle);
    expect(parseStoredEvent('evil\nevent: transaction', data)).toBeNull();
    expect(parseStoredEvent('message', data)).toBeNull();
    expect(parseStoredEvent('__proto__', data)).toBeNull();
    expect(parseStoredEvent('ohlcv', '{"chain_type":"evm",\n"x":1}')).toBeNull();
    expect(parseStoredEvent('ohlcv', `${data}\r\nevent: transaction`)).toBeNull();
    expect(parseStoredEvent('ohlcv', JSON.stringify({ ...candle, open_time: 'soon' }))).toBeNull();
    expect(parseStoredEvent('transaction', data)).toBeNull();
    expect(parseStoredEvent('status', '{"service":"kline","state":"x".repeat(99)}')).toBeNull();
    expect(parseStoredEvent('ohlcv', 'not json')).toBeNull();
    expect(parseStoredEvent(undefined, data)).toBeNull();
    expect(parseStoredEvent('ohlcv', undefined)).toBeNull();
  });

  it('link states are the socket states only', () => {
    expect(parseLinkState('connected')).toBe('connected');
    expect(parseLinkState('<script>')).toBeNull();
    expect(parseLinkState(1)).toBeNull();
  });
});

describe('topics read back from the interest set', () => {
  it('re-parses the key as a browser topic, in canonical form only', () => {
    const ohlcv = parseInterestMember(JSON.stringify({ key: `ohlcv:evm:1:${POOL}:1m` }));
    expect(ohlcv).toMatchObject({ kind: 'ohlcv', chainId: 1, pool: POOL, interval: '1m' });
    // the other fields of a member are never trusted: the key decides
    expect(
      parseInterestMember(JSON.stringify({ key: 'tx', kind: 'ohlcv', pool: '../../x' })),
    ).toEqual({ kind: 'tx', key: 'tx' });
    const scope = 'A'.repeat(22);
    expect(parseInterestMember(JSON.stringify({ key: `tx@${scope}` }))).toMatchObject({
      kind: 'tx',
      scope,
    });
    for (const key of [
      `ohlcv:evm:1:${POOL.toUpperCase().replace('0X', '0x')}:1m`,
      `ohlcv:evm:1:${POOL}:7m`,
      'tx:ethereum:0xnot-an-address',
      `tx@${'A'.repeat(21)}`,
      `tx@${scope}@x`,
      'trades:evm:1:\n',
      'nope',
      42,
    ])
      expect(parseInterestMember(JSON.stringify({ key })), String(key)).toBeNull();
    expect(parseInterestMember('not json')).toBeNull();
    expect(parseInterestMember('null')).toBeNull();
  });
});

describe('gateway answers shared through Redis', () => {
  it('keeps a well-formed entry, drops one that would make a malformed answer', () => {
    const good = { status: 200, body: '{"code":0}', expires: 1_795_000_000_000 };
    expect(parseCachedResponse(JSON.stringify(good))).toEqual(good);
    expect(parseCachedResponse(JSON.stringify({ ...good, failure: 'timeout' }))).toEqual({
      ...good,
      failure: 'timeout',
    });
    for (const bad of [
      { ...good, status: 'x' },
      { ...good, status: 99 },
      { ...good, status: 1000 },
      { ...good, body: { code: 0 } },
      { ...good, expires: 'later' },
      { ...good, failure: 'evil' },
    ])
      expect(parseCachedResponse(JSON.stringify(bad))).toBeNull();
    expect(parseCachedResponse('garbage')).toBeNull();
    expect(parseCachedResponse('null')).toBeNull();
  });
});
