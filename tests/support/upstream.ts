/**
 * Test upstreams on real ports: the simulator with a request recorder in front, and misbehaving
 * servers (closed port, silent, garbage, redirect) for the gateway's failure paths.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator } from '@/lib/sim';
import { listen, type RunningSim } from '@/lib/sim/node-server';
import type { SimConfig, Simulator } from '@/lib/sim/core/types';

interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

interface RecordedFrame {
  path: string;
  /** the client's frame as parsed JSON (null when it was not JSON) */
  message: Record<string, unknown> | null;
}

/** One WebSocket a client opened, and what the upstream pushed on it. */
interface RecordedSocket {
  path: string;
  openedAt: number;
  closedAt: number | null;
  /** frames the upstream sent, parsed, with when they were sent (ms) */
  pushed: { at: number; message: Record<string, unknown> }[];
}

export interface RecordingUpstream {
  url: string;
  key: string;
  requests: RecordedRequest[];
  /** every frame a client sent on any WebSocket, in order */
  frames: RecordedFrame[];
  /** every WebSocket connection, in the order they were opened */
  sockets: RecordedSocket[];
  /** when each request arrived (ms), parallel to `requests` */
  times: number[];
  sim: Simulator;
  running: RunningSim;
  close(): Promise<void>;
}

export async function startRecordingSim(
  key = 'test-key-0123456789',
  config: Partial<SimConfig> = {},
): Promise<RecordingUpstream> {
  const sim = createSimulator({
    apiKey: key,
    stateDir: mkdtempSync(join(tmpdir(), 'pulse-gw-')),
    logLevel: 'silent',
    txIntervalMs: 60_000,
    ...config,
  });
  const requests: RecordedRequest[] = [];
  const frames: RecordedFrame[] = [];
  const sockets: RecordedSocket[] = [];
  const times: number[] = [];
  const recording: Simulator = {
    ...sim,
    config: sim.config,
    async handle(request) {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? '' : await request.clone().text();
      requests.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: request.headers,
        body,
      });
      times.push(Date.now());
      return sim.handle(request);
    },
    upgrade(path, headers) {
      const result = sim.upgrade(path, headers);
      if (!result.ok) return result;
      return {
        ok: true,
        open(peer) {
          const socket: RecordedSocket = {
            path,
            openedAt: Date.now(),
            closedAt: null,
            pushed: [],
          };
          sockets.push(socket);
          const session = result.open({
            send(text) {
              try {
                socket.pushed.push({
                  at: Date.now(),
                  message: JSON.parse(text) as Record<string, unknown>,
                });
              } catch {
                // not JSON: not recorded
              }
              peer.send(text);
            },
            close: (code, reason) => peer.close(code, reason),
          });
          return {
            message(data, isBinary) {
              let message: Record<string, unknown> | null = null;
              try {
                message = JSON.parse(data) as Record<string, unknown>;
              } catch {
                message = null;
              }
              frames.push({ path, message });
              session.message(data, isBinary);
            },
            closed: () => {
              socket.closedAt = Date.now();
              session.closed();
            },
          };
        },
      };
    },
  };
  const running = await listen(recording, 0);
  return {
    url: running.url,
    key,
    requests,
    frames,
    sockets,
    times,
    sim,
    running,
    close: () => running.close(),
  };
}

/** A success envelope of the tx service (the gateway passes an answer on as it comes). */
const TX_CONFIG = { code: 0, message: 'ok', data: { app_id: 'app_test' } };

export type Misbehaviour = 'silent' | 'garbage' | 'redirect' | 'html-500' | 'reset' | 'reset-once';

/** A server that accepts connections and misbehaves in one chosen way. */
export async function startBrokenUpstream(
  kind: Misbehaviour,
): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    if (kind === 'silent') return; // never answers
    // The connection closed under the request, as a kept-alive one the server just timed out.
    if (kind === 'reset' || (kind === 'reset-once' && hits === 1)) {
      req.socket.destroy();
      return;
    }
    if (kind === 'reset-once') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TX_CONFIG));
      return;
    }
    if (kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"not": "an envelope"');
    } else if (kind === 'redirect') {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    } else {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port with nothing listening on it. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
