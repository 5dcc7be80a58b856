/** Shared setup of the tx simulator contract tests: a real port, a fresh state directory, a clock. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createSimulator, type SimConfig } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';

export const KEY = 'test-key';
export const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
export const TRON_WALLET = 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G';
export const BTC_WALLET = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

interface Reply {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface TxSim {
  running: RunningSim;
  base: string;
  stateDir: string;
  /** milliseconds added to the real clock; tests move time forward with it */
  clock: { offset: number };
  call(
    method: string,
    path: string,
    body?: unknown,
    opts?: { key?: string | null; raw?: string },
  ): Promise<Reply>;
  close(keepState?: boolean): Promise<void>;
}

export async function startTx(
  overrides: Partial<SimConfig> = {},
  stateDir?: string,
): Promise<TxSim> {
  const dir = stateDir ?? (await mkdtemp(join(tmpdir(), 'tx-sim-')));
  const clock = { offset: 0 };
  const sim = createSimulator({
    apiKey: KEY,
    stateDir: dir,
    logLevel: 'silent',
    txIntervalMs: 3_600_000,
    webhookRetryBaseMs: 60_000,
    now: () => Date.now() + clock.offset,
    // The receivers of these tests listen on loopback (refused by default: tests/unit/sim/outbound).
    webhookAllowPrivate: true,
    ...overrides,
  });
  const running = await listen(sim, 0);
  const base = `${running.url}/tx/api/v1`;
  return {
    running,
    base,
    stateDir: dir,
    clock,
    async call(method, path, body, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const key = opts.key === undefined ? KEY : opts.key;
      if (key !== null) headers['x-api-key'] = key;
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body:
          method === 'GET' || method === 'HEAD'
            ? undefined
            : (opts.raw ?? (body === undefined ? undefined : JSON.stringify(body))),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // leave the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close(keepState = false) {
      await running.close();
      if (!keepState) await rm(dir, { recursive: true, force: true });
    },
  };
}

interface WsMsg {
  id: string;
  time: number;
  type: string;
  code: number;
  data: unknown;
  msg: string;
}

export interface WsClient {
  ws: WebSocket;
  received: WsMsg[];
  next(match: (m: WsMsg) => boolean, timeoutMs?: number): Promise<WsMsg>;
  request(type: string, data: unknown): Promise<WsMsg>;
  close(): Promise<void>;
}

let commandCounter = 0;

export async function connectWs(
  sim: TxSim,
  headers: Record<string, string> = { 'x-api-key': KEY },
): Promise<WsClient> {
  const ws = new WebSocket(`${sim.base.replace('http', 'ws')}/transaction/ws`, { headers });
  const received: WsMsg[] = [];
  const waiters: { match: (m: WsMsg) => boolean; resolve: (m: WsMsg) => void }[] = [];
  let cursor = 0;
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString('utf8')) as WsMsg;
    received.push(m);
    const i = waiters.findIndex((w) => w.match(m));
    if (i >= 0) waiters.splice(i, 1)[0]?.resolve(m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake ${res.statusCode}`)));
  });
  const client: WsClient = {
    ws,
    received,
    next(match, timeoutMs = 4_000) {
      const found = received.slice(cursor).find(match);
      if (found) {
        cursor = received.indexOf(found) + 1;
        return Promise.resolve(found);
      }
      return new Promise<WsMsg>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no matching WebSocket message in time')),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            cursor = received.indexOf(m) + 1;
            resolve(m);
          },
        });
      });
    },
    request(type, data) {
      const id = `cmd-${++commandCounter}`;
      ws.send(JSON.stringify({ id, type, data }));
      return client.next((m) => m.id === id);
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
  return client;
}

/** The HTTP status a refused WebSocket handshake answers. */
export function handshakeStatus(sim: TxSim, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${sim.base.replace('http', 'ws')}/transaction/ws`, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('handshake was accepted'));
    });
    ws.once('error', () => undefined);
  });
}

export interface Hook {
  url: string;
  calls: { headers: IncomingHttpHeaders; body: unknown }[];
  /** the status the receiver answers */
  status: number;
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Hook> {
  const hook = { calls: [], status: 200 } as unknown as Hook;
  hook.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      hook.calls.push({ headers: req.headers, body });
      res.writeHead(
        hook.status,
        hook.status >= 300 && hook.status < 400 ? { location: '/elsewhere' } : {},
      );
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', () => resolve()));
  hook.url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hook`;
  hook.close = () => new Promise<void>((resolve) => hook.server.close(() => resolve()));
  return hook;
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

/** A minimal `transaction` push message for ws/replay. */
export function pushMessage(data: Record<string, unknown>): Record<string, unknown> {
  return {
    id: `replay-${++commandCounter}`,
    time: Date.now(),
    type: 'transaction',
    code: 0,
    msg: 'success',
    data,
  };
}
