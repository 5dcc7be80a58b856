/**
 * WebSocket handshakes the seeds name: no upgrade (426), no key (401 on kline, 400 on tx) and a
 * malformed handshake (kline 400 / 10005, tx 400), each answered in the service's own envelope on a
 * real port, never in the socket library's plain-text reply.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY, startSim, type TestSim } from './kline-support';

let t: TestSim;
beforeAll(async () => {
  t = await startSim();
});
afterAll(async () => {
  await t.close();
});

const GOOD_KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

/** A raw handshake over TCP; resolves with the status line, headers and body the server wrote. */
function handshake(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const port = Number(new URL(t.running.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const lines = [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: Upgrade',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
        '',
        '',
      ];
      socket.write(lines.join('\r\n'));
    });
    let raw = '';
    socket.on('data', (chunk) => {
      raw += chunk.toString('utf8');
      // A 101 keeps the socket open: what came so far is the whole answer.
      if (raw.startsWith('HTTP/1.1 101') && raw.includes('\r\n\r\n')) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) parsed[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body });
    });
  });
}

const KLINE_WS = '/kline/api/v1/kline/ws';
const TOPIC_WS = '/kline/api/v1/ws/demo';
const TX_WS = '/tx/api/v1/transaction/ws';

describe('WebSocket handshakes', () => {
  it('kline: a request that is not a WebSocket upgrade gets 426 / 4000 in the kline envelope', async () => {
    const r = await handshake(KLINE_WS, {
      Upgrade: 'h2c',
      'X-API-Key': KEY,
      'Sec-WebSocket-Key': GOOD_KEY,
      'Sec-WebSocket-Version': '13',
    });
    expect(r.status).toBe(426);
    expect(JSON.parse(r.body)).toEqual({
      code: 4000,
      message: 'WebSocket upgrade required',
      error: { type: 'BadRequestError' },
    });
  });

  it('kline: a malformed handshake gets 400 / 10005 with error.type BadRequestError', async () => {
    const cases: Record<string, string>[] = [
      { Upgrade: 'websocket', 'X-API-Key': KEY, 'Sec-WebSocket-Version': '13' },
      {
        Upgrade: 'websocket',
        'X-API-Key': KEY,
        'Sec-WebSocket-Key': 'short',
        'Sec-WebSocket-Version': '13',
      },
      {
        Upgrade: 'websocket',
        'X-API-Key': KEY,
        'Sec-WebSocket-Key': GOOD_KEY,
        'Sec-WebSocket-Version': '8',
      },
    ];
    for (const headers of cases) {
      const r = await handshake(KLINE_WS, headers);
      expect(r.status).toBe(400);
      expect(r.headers['content-type']).toContain('application/json');
      const body = JSON.parse(r.body) as { code: number; message: string; error: { type: string } };
      expect(body.code).toBe(10005);
      expect(body.error.type).toBe('BadRequestError');
    }
  });

  it('kline: the key is checked before the handshake details (401 / 20001)', async () => {
    const r = await handshake(KLINE_WS, { Upgrade: 'websocket' });
    expect(r.status).toBe(401);
    expect((JSON.parse(r.body) as { code: number }).code).toBe(20001);
  });

  it('kline generic socket: no upgrade is the plain-text 426, a malformed handshake 400 / 10005', async () => {
    const no = await handshake(TOPIC_WS, { Upgrade: 'h2c', 'X-API-Key': KEY });
    expect(no.status).toBe(426);
    expect(no.body).toBe('Expected WebSocket upgrade');
    const bad = await handshake(TOPIC_WS, {
      Upgrade: 'websocket',
      'X-API-Key': KEY,
      'Sec-WebSocket-Version': '13',
    });
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.body) as { code: number }).code).toBe(10005);
  });

  it('tx: 426 without an upgrade, 400 without the key, 400 for a malformed handshake, all in the tx envelope', async () => {
    const no = await handshake(TX_WS, { Upgrade: 'h2c', 'X-API-Key': KEY });
    expect(no.status).toBe(426);
    expect(JSON.parse(no.body)).toMatchObject({ code: 426, data: null });
    const noKey = await handshake(TX_WS, {
      Upgrade: 'websocket',
      'Sec-WebSocket-Key': GOOD_KEY,
      'Sec-WebSocket-Version': '13',
    });
    expect(noKey.status).toBe(400);
    expect(JSON.parse(noKey.body)).toMatchObject({ code: 400, data: null });
    const bad = await handshake(TX_WS, {
      Upgrade: 'websocket',
      'X-API-Key': KEY,
      'Sec-WebSocket-Key': GOOD_KEY,
      'Sec-WebSocket-Version': '7',
    });
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.body) as { message: string }).message).toMatch(/Sec-WebSocket-Version/);
  });

  it('a sound handshake with the key still opens (101) on every path', async () => {
    for (const path of [KLINE_WS, TOPIC_WS, TX_WS]) {
      const r = await handshake(path, {
        Upgrade: 'websocket',
        'X-API-Key': KEY,
        'Sec-WebSocket-Key': GOOD_KEY,
        'Sec-WebSocket-Version': '13',
      });
      expect(r.status).toBe(101);
    }
  });
});
