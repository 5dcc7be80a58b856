/**
 * An API path whose percent-encoding does not decode (`/api/x/%80`, `%E0%A4%A`, `%ZZ`) is malformed,
 * and is answered so: 400 in JSON with the API's headers. Next.js, left to itself, fails to decode
 * the route's parameters and answers a bare `500 Internal Server Error` with none of them; proxy.ts
 * used to catch it, but the API no longer passes through the proxy layer (docs/security.md). So at
 * start (instrumentation.ts) the server's `request` event is wrapped (lib/server/http/server-hook.ts),
 * and such a request is answered before Next.js routes it. A rewrite in next.config.js could
 * route it too, but any rewrite makes Next.js clone the URL and compile every rewrite's pattern on
 * each route request; this check costs one `indexOf` on API paths.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isHttps } from '../security/client-key';
import { API_HEADERS, HSTS } from '../security/headers';
import { hookServer } from './server-hook';

const MALFORMED_PATH_MESSAGE = 'Malformed percent-encoding in the path.';

/** Whether `url` (a request target as sent) is an API path that does not decode. */
export function malformedApiPath(url: string | undefined): boolean {
  if (!url) return false;
  // The absolute form (`GET http://host/api/... HTTP/1.1`) names the same path.
  const target = url.startsWith('/') ? url : absolutePath(url);
  if (!target.startsWith('/api/')) return false;
  const end = target.search(/[?#]/);
  const path = end < 0 ? target : target.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

function absolutePath(url: string): string {
  try {
    // The URL parser keeps percent-escapes as they were sent.
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({ code: 400, message: MALFORMED_PATH_MESSAGE });
  const headers: Record<string, string> = {
    ...API_HEADERS,
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    // The connection is not reused: a body that came with the request is never read, and this
    // answer goes out before Node.js has parsed what follows it on the socket (a client that sent
    // an unframed body would find the connection cut under its next request).
    Connection: 'close',
  };
  if (httpsRequest(req)) headers['Strict-Transport-Security'] = HSTS;
  res.writeHead(400, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function httpsRequest(req: IncomingMessage): boolean {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    return isHttps(new Request('http://localhost/', { headers }));
  } catch {
    return false;
  }
}

/** Idempotent. Runs once per server process, before requests are handled. */
export async function installMalformedPathGuard(): Promise<void> {
  await hookServer('pulse.malformed-path-guard', {
    request: (req, res) => {
      if (!malformedApiPath(req.url)) return false;
      answer(req, res);
      return true;
    },
  });
}
