/**
 * Upstream WebSockets, opened with the key on the server (a browser cannot set `X-API-Key` on a
 * WebSocket, which is why live data is relayed over SSE). With no UPSTREAM_BASE_URL the socket is an
 * in-process pipe to the simulator's WebSocket handler: the same protocol, no port.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { getEnv, upstreamMode } from '../config/env';
import { sandboxApiKey } from '../sim/core/auth';
import { builtInSimulator } from './simulator';

export interface SocketHandlers {
  open(): void;
  message(text: string): void;
  /** the connection is gone, whoever closed it; `reason` never contains the key */
  close(reason: string): void;
}

export interface UpstreamSocket {
  send(text: string): void;
  close(): void;
}

export function openUpstreamSocket(
  path: string,
  headers: Record<string, string>,
  handlers: SocketHandlers,
  sandbox?: string,
): UpstreamSocket {
  const env = getEnv();
  return upstreamMode(env) === 'simulator'
    ? openInProcess(path, headers, handlers, sandbox)
    : openNetwork(
        `${env.UPSTREAM_BASE_URL!.replace(/\/+$/, '').replace(/^http/, 'ws')}${path}`,
        {
          ...headers,
          'X-API-Key': env.UPSTREAM_API_KEY ?? '',
        },
        handlers,
      );
}

function openNetwork(
  url: string,
  headers: Record<string, string>,
  handlers: SocketHandlers,
): UpstreamSocket {
  let closed = false;
  const ws = new WebSocket(url, {
    headers,
    handshakeTimeout: 10_000,
    followRedirects: false,
    perMessageDeflate: false,
  });
  const finish = (reason: string) => {
    if (closed) return;
    closed = true;
    handlers.close(reason);
  };
  ws.on('open', () => handlers.open());
  ws.on('message', (data: Buffer, isBinary) => {
    if (!isBinary) handlers.message(data.toString('utf8'));
  });
  ws.on('unexpected-response', (_req, res) => {
    finish(`handshake refused (HTTP ${res.statusCode ?? '?'})`);
    ws.terminate();
  });
  ws.on('error', (error: Error & { code?: string }) => {
    finish(error.code ? `connection failed (${error.code})` : 'connection failed');
    ws.terminate();
  });
  ws.on('close', (code) => finish(`closed (${code})`));
  return {
    send: (text) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
    },
    close: () => {
      closed = true;
      ws.terminate();
    },
  };
}

function openInProcess(
  path: string,
  headers: Record<string, string>,
  handlers: SocketHandlers,
  sandbox?: string,
): UpstreamSocket {
  const sim = builtInSimulator();
  const key = sandbox ? sandboxApiKey(sim.config.apiKey, sandbox) : sim.config.apiKey;
  // The headers a WebSocket client's opening handshake carries (RFC 6455), which the simulator checks.
  const handshake = {
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-version': '13',
    'sec-websocket-key': randomBytes(16).toString('base64'),
  };
  const result = sim.upgrade(path, new Headers({ ...headers, 'x-api-key': key, ...handshake }));
  let closed = false;
  const finish = (reason: string) => {
    if (closed) return;
    closed = true;
    queueMicrotask(() => handlers.close(reason));
  };
  if (!result.ok) {
    finish(`handshake refused (HTTP ${result.status})`);
    return { send: () => undefined, close: () => undefined };
  }
  // Deliver asynchronously both ways, as a network would: no re-entrant calls between hub and sim.
  // `open` is queued first so it precedes the simulator's greeting (setImmediate keeps order).
  setImmediate(() => !closed && handlers.open());
  const session = result.open({
    send: (text) => {
      if (!closed) setImmediate(() => !closed && handlers.message(text));
    },
    close: () => {
      finish('closed by the simulator');
    },
  });
  return {
    send: (text) => {
      if (!closed) setImmediate(() => !closed && session.message(text, false));
    },
    close: () => {
      if (closed) return;
      closed = true;
      session.closed();
    },
  };
}
