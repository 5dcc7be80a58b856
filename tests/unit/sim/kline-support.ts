/** Shared by the kline simulator tests: a simulator on a real port, HTTP and WebSocket helpers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createSimulator, type SimConfig, type Simulator } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';

export const KEY = 'test-key';
const PREFIX = '/kline/api/v1';

export interface TestSim {
  sim: Simulator;
  running: RunningSim;
  /** http://127.0.0.1:<port>/kline/api/v1 */
  base: string;
  wsBase: string;
  close(): Promise<void>;
}

export async function startSim(config: Partial<SimConfig> = {}): Promise<TestSim> {
  const stateDir = mkdtempSync(join(tmpdir(), 'kline-sim-'));
  const sim = createSimulator({
    stateDir,
    logLevel: 'silent',
    apiKey: KEY,
    txIntervalMs: 60_000,
    ...config,
  });
  const running = await listen(sim, 0);
  return {
    sim,
    running,
    base: `${running.url}${PREFIX}`,
    wsBase: `${running.url.replace('http', 'ws')}${PREFIX}`,
    async close() {
      await running.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function get(
  url: string,
  key: string | null = KEY,
  init: RequestInit = {},
): Promise<HttpResult> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set('x-api-key', key);
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

export type Frame = Record<string, unknown> & {
  id: string;
  type: string;
  code: number;
  msg: string;
  data: unknown;
  time: number;
};

/** A WebSocket client that records every frame and lets a test wait for the one it needs. */
export class WsClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const f = JSON.parse(data.toString('utf8')) as Frame;
      this.frames.push(f);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(f)) return true;
        w.resolve(f);
        return false;
      });
    });
  }

  static open(url: string, key: string | null = KEY): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers: key === null ? {} : { 'X-API-Key': key } });
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('error', reject);
    });
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** Resolves with the first frame (already received or future, after `from`) that matches. */
  next(match: (f: Frame) => boolean, timeoutMs = 4000, from = 0): Promise<Frame> {
    const seen = this.frames.slice(from).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  /** Sends a request and waits for the reply that echoes its id. */
  async request(value: { id: string } & Record<string, unknown>): Promise<Frame> {
    const from = this.frames.length;
    this.send(value);
    return this.next((f) => f.id === value.id, 4000, from);
  }

  close(): void {
    this.socket.close();
  }
}

/** The handshake's refusal: status and body of the HTTP answer instead of a 101. */
export function refusedHandshake(
  url: string,
  key: string | null,
): Promise<{ status: number; body: string; contentType: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: key === null ? {} : { 'X-API-Key': key } });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the handshake was accepted'));
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          contentType: String(res.headers['content-type']),
        }),
      );
    });
    socket.once('error', () => undefined);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const POOLS = {
  uniEth: {
    chain_type: 'evm',
    chain_id: 1,
    pool_address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  },
  raydium: {
    chain_type: 'svm',
    chain_id: 501,
    pool_address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW',
  },
  pancake: {
    chain_type: 'evm',
    chain_id: 56,
    pool_address: '0x36696169c63e42cd08ce11f5deebbcebae652050',
  },
  ambiguous: {
    chain_type: 'evm',
    chain_id: 1,
    pool_address: '0x3416cf6c708da44db2624d63ea0aaef7113527c6',
  },
  inactive: {
    chain_type: 'evm',
    chain_id: 1,
    pool_address: '0x0d4a11d5eeaac28ec3f61d100daf4d40471f1852',
  },
} as const;

export function ohlcvUrl(base: string, params: Record<string, string | number>): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${base}/kline/ohlcv?${q.toString()}`;
}
