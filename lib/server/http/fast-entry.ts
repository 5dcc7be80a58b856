/**
 * The gateway's fast entry: a gateway read (GET or HEAD under /api/{price,tx,kline}/v1/) is answered
 * on the Node server's `request` event, before Next.js routes it, by the same code as its route
 * handler (lib/server/gateway/handle.ts in lib/server/http/access.ts's wrapper: the same checks,
 * limits, cache, access log line and metrics), and written with the headers that route gives.
 *
 * Why: an App Router route handler costs several times what Next.js spends on a static file (the
 * router, the request adapter, web streams, the headers and body written apart), so a cached
 * answer could never come near a static file's speed (docs/benchmarks.md, "The gateway's speed").
 *
 * It takes only what it answers exactly as the route would, and gives everything else to Next.js
 * unchanged: a request with a body, any other method (changes stay on the route handlers, with
 * their body caps), a path Next.js would normalize or redirect (percent-escapes, dot segments,
 * `//`, a trailing slash), a query naming Next.js's own parameters, a request carrying one of its
 * internal headers, an odd Host. Not installed under `next dev` (the route handlers reload, this
 * would not), on Vercel (no Node server: the CDN's s-maxage does this job), with tracing on (Next.js
 * opens each request's server span) or with FAST_API=0 (docs/architecture.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service } from '../../contracts/services';
import { gatewayAnswer } from '../gateway/handle';
import { API_HEADERS } from '../security/headers';
import { accessLogged, type PlainAnswer } from './access';
import { chooseEncoding, encodeBody, VARY_ENCODING } from './compress';
import { hookServer } from './server-hook';

/** What Next.js 16 adds to every App Router answer (tests/attack/fast-entry.test.ts compares). */
export const APP_ROUTE_VARY =
  'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

// Segments of plain characters, none of them `.` or `..`; no `%`, `\`, `//` or trailing slash.
const PATH = /^\/api\/(price|tx|kline)\/v1((?:\/(?!\.\.?(?:[/?]|$))[\w.~-]+)+)(?:\?(.*))?$/;
// `_rsc` and Next.js's route-parameter prefixes (`nxtP`, `nxtI`) are read by Next.js itself.
const NEXT_QUERY = /(?:^|&)(?:_|nxt)/i;
const NEXT_HEADER = /^(?:rsc$|next-|x-nextjs-|x-middleware-|x-invoke-|x-now-|x-matched-path)/;
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The service a request is for when the fast entry takes it, else null (Next.js routes it). */
export function fastService(req: IncomingMessage): Service | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url;
  if (!url?.startsWith('/api/')) return null;
  const match = PATH.exec(url);
  if (!match) return null;
  if (match[3] !== undefined && NEXT_QUERY.test(match[3])) return null;
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined) return null;
  const length = headers['content-length'];
  if (length !== undefined && length !== '0') return null;
  if (!headers.host || !HOST.test(headers.host)) return null;
  for (const name in headers) if (NEXT_HEADER.test(name)) return null;
  return match[1] as Service;
}

/** The web Request the route handler would get: Next.js's `x-forwarded-*` filled in as it does. */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (typeof value === 'string') headers.append(name, value);
    else for (const v of value) headers.append(name, v);
  }
  const socket = req.socket;
  const proto = headers.get('x-forwarded-proto');
  const https = proto ? proto === 'https' : 'encrypted' in socket && socket.encrypted === true;
  if (!headers.has('x-forwarded-host')) headers.set('x-forwarded-host', req.headers.host ?? '');
  if (!headers.has('x-forwarded-port'))
    headers.set('x-forwarded-port', String(socket.localPort ?? (https ? 443 : 80)));
  if (!proto) headers.set('x-forwarded-proto', https ? 'https' : 'http');
  if (!headers.has('x-forwarded-for') && socket.remoteAddress)
    headers.set('x-forwarded-for', socket.remoteAddress);
  return new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
  });
}

function write(req: IncomingMessage, res: ServerResponse, answer: PlainAnswer): void {
  // Compressed here only: Next.js drops a route handler's Content-Encoding (./compress.ts).
  const sent =
    req.method === 'HEAD' || answer.body === null
      ? { body: null, encoding: null }
      : encodeBody(answer.body, chooseEncoding(req.headers['accept-encoding']));
  const headers: Record<string, string> = {
    ...API_HEADERS,
    vary: `${APP_ROUTE_VARY}, ${VARY_ENCODING}`,
    ...answer.headers,
  };
  if (sent.encoding) headers['content-encoding'] = sent.encoding;
  // The head and the body in one write; the length instead of chunks (a HEAD gets neither, as
  // from the route).
  if (sent.body !== null) headers['content-length'] = String(Buffer.byteLength(sent.body));
  res.writeHead(answer.status, headers);
  res.end(sent.body ?? undefined);
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  service: Service,
  request: Request,
  signal: AbortSignal,
): Promise<void> {
  try {
    const answer = await accessLogged(service, request, (r) => gatewayAnswer(service, r, signal));
    if (res.destroyed) return;
    write(req, res, answer);
  } catch {
    // accessLogged answers a failing handler with its 500: what is left is the socket.
    res.destroy();
  }
}

/** Idempotent. Runs once per server process, before requests are handled. */
export async function installFastEntry(): Promise<void> {
  await hookServer('pulse.fast-entry', {
    request: (req, res) => {
      const service = fastService(req);
      if (!service) return false;
      let request: Request;
      try {
        request = webRequest(req);
      } catch {
        // A header the web Request refuses: Next.js answers it as it would have.
        return false;
      }
      // The client's going away ends a pass-through's upstream call, as on the route.
      const controller = new AbortController();
      res.once('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      void serve(req, res, service, request, controller.signal);
      return true;
    },
  });
}

/** Whether this process should take gateway reads itself (see the top of this file). */
export function fastEntryWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    env.NODE_ENV === 'production' &&
    !env.VERCEL &&
    !env.OTEL_EXPORTER_OTLP_ENDPOINT &&
    env.FAST_API !== '0'
  );
}
