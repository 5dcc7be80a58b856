/**
 * Serves a simulator on a real port: HTTP through the web-standard handler, WebSockets through `ws`.
 * Tests and `npm run sim` use this; the app uses the simulator in-process.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Simulator } from './core/types';

export interface RunningSim {
  server: Server;
  url: string;
  port: number;
  /** Drops every open WebSocket (tests use it to simulate a network cut). */
  dropSockets(): void;
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Test hooks under `/__sim/` (never enabled by default): `POST /__sim/outage?state=down` makes the
   * whole upstream unreachable (connections reset, sockets dropped) until `state=up`, and
   * `POST /__sim/drop-sockets` cuts every WebSocket once. End-to-end tests use them to stop the
   * upstream mid-session without killing the process. An outage ends by itself after
   * `outageLimitMs`, so a test runner that dies mid-outage cannot leave the upstream down for every
   * test after it. Other names go to the services' hooks
   * (`POST /__sim/pool-trade`: lib/sim/tx/index.ts).
   */
  control?: boolean;
  /** The longest an outage lasts if nobody ends it; a minute by default. */
  outageLimitMs?: number;
}

export async function listen(
  sim: Simulator,
  port = 0,
  host = '127.0.0.1',
  options: ListenOptions = {},
): Promise<RunningSim> {
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  let outage = false;
  let outageTimer: NodeJS.Timeout | undefined;
  const setOutage = (down: boolean) => {
    outage = down;
    clearTimeout(outageTimer);
    if (down)
      outageTimer = setTimeout(() => (outage = false), options.outageLimitMs ?? 60_000).unref();
  };
  const dropSockets = () => {
    for (const ws of sockets) ws.terminate();
  };

  const server = createServer((req, res) => {
    if (options.control && req.url?.startsWith('/__sim/')) {
      const url = new URL(req.url, 'http://sim');
      if (req.method === 'POST' && url.pathname === '/__sim/outage') {
        setOutage(url.searchParams.get('state') === 'down');
        if (outage) dropSockets();
      } else if (req.method === 'POST' && url.pathname === '/__sim/drop-sockets') {
        dropSockets();
      } else {
        const hooked =
          req.method === 'POST' ? sim.control(url.pathname.slice(7), url.searchParams) : null;
        if (!hooked) {
          res.writeHead(404).end();
          return;
        }
        void hooked.text().then((text) => {
          res.writeHead(hooked.status, { 'content-type': 'application/json' }).end(text);
        });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ outage }));
      return;
    }
    if (outage) {
      req.socket.destroy();
      return;
    }
    void (async () => {
      try {
        const request = toRequest(req, host);
        const response = await sim.handle(request);
        const headers: Record<string, string> = {};
        response.headers.forEach((value, key) => (headers[key] = value));
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        console.error('[sim] request failed', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"code":500,"message":"Internal error","data":null}');
      }
    })();
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (outage) {
      socket.destroy();
      return;
    }
    const headers = toHeaders(req);
    const result = sim.upgrade(req.url ?? '/', headers);
    if (!result.ok) {
      const lines = [`HTTP/1.1 ${result.status} ${statusText(result.status)}`];
      const body = Buffer.from(result.body);
      for (const [k, v] of Object.entries(result.headers)) lines.push(`${k}: ${v}`);
      lines.push(`content-length: ${body.length}`, 'connection: close', '', '');
      socket.end(Buffer.concat([Buffer.from(lines.join('\r\n')), body]));
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const session = result.open({
        send: (text) => {
          if (ws.readyState === ws.OPEN) ws.send(text);
        },
        close: (code, reason) => ws.close(code, reason),
      });
      ws.on('message', (data: Buffer, isBinary) => {
        session.message(isBinary ? '' : data.toString('utf8'), isBinary);
      });
      ws.on('close', () => {
        sockets.delete(ws);
        session.closed();
      });
      ws.on('error', () => ws.terminate());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  sim.start();

  return {
    server,
    port: address.port,
    url: `http://${host}:${address.port}`,
    dropSockets,
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await sim.stop();
    },
  };
}

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

function toRequest(req: IncomingMessage, host: string): Request {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? host}${req.url ?? '/'}`, {
    method,
    headers: toHeaders(req),
    body: hasBody ? (req as unknown as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for a streamed body
    duplex: hasBody ? 'half' : undefined,
  });
}

function statusText(status: number): string {
  return (
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      426: 'Upgrade Required',
    }[status] ?? 'Error'
  );
}
