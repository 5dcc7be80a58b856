/**
 * Requests Next.js cannot route, answered before it tries (at start, instrumentation.ts, on the
 * server's `request` event: lib/server/http/server-hook.ts). Left to itself, Next.js answers each of
 * them with a bare `500 Internal Server Error`, text, with none of the API's headers:
 *
 * - an API path whose percent-encoding does not decode (`/api/x/%80`, `%E0%A4%A`, `%ZZ`): 400, in
 *   the API's JSON, "Malformed percent-encoding in the path.";
 * - a method the app never serves (`TRACE`, `PROPFIND`, `SEARCH`, anything but GET, HEAD, POST, PUT,
 *   PATCH, DELETE and OPTIONS; Next.js builds a web `Request`, which refuses `TRACE` outright): 405,
 *   JSON on an API path, text elsewhere;
 * - anything but GET or HEAD on a file of `public/` (`/embed.js`, `/sw.js`, the widget's files): 405;
 * - a `Range` on a static file (`public/` or `/_next/static/`) that is malformed (`bytes=abc`, `5-1`)
 *   or past the end: Next.js fails it with a 500 instead of ignoring it or answering 416. The header
 *   is dropped, so the whole file is sent (200), which RFC 9110 allows; the app's static files are
 *   scripts, styles and pages that no client needs in parts.
 *
 * proxy.ts used to catch the first, but the API no longer passes through the proxy layer
 * (docs/security.md). A rewrite in next.config.js could route it too, but any rewrite makes Next.js
 * clone the URL and compile every rewrite's pattern on each route request; these checks cost a set
 * look-up and, on API paths with a `%`, one decode.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isHttps } from '../security/client-key';
import { API_HEADERS, HSTS } from '../security/headers';
import { hookServer } from './server-hook';

const MALFORMED_PATH_MESSAGE = 'Malformed percent-encoding in the path.';
/** Every method some route of the app serves; each route answers 405 to the ones it does not. */
const SERVED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALL = [...SERVED].join(', ');
const READ = 'GET, HEAD';

/** Whether `url` (a request target as sent) is an API path that does not decode. */
export function malformedApiPath(url: string | undefined): boolean {
  if (!url) return false;
  const target = pathOf(url);
  if (!target.startsWith('/api/')) return false;
  if (!target.includes('%')) return false;
  try {
    decodeURIComponent(target);
    return false;
  } catch {
    return true;
  }
}

/**
 * The methods to name in a 405 when this request's method is never served on its path, else null.
 * `files` is the set of `public/` paths (`/embed.js`).
 */
export function refusedMethod(
  method: string | undefined,
  url: string | undefined,
  files: ReadonlySet<string>,
): string | null {
  if (method === 'GET' || method === 'HEAD') return null;
  const path = pathOf(url ?? '');
  if (files.has(path)) return READ;
  if (method && SERVED.has(method)) return null;
  return path.startsWith('/api/') ? ALL : READ;
}

/** Whether a request for this path is Next.js's static file serving (it fails on odd ranges). */
export function staticFile(url: string | undefined, files: ReadonlySet<string>): boolean {
  const path = pathOf(url ?? '');
  return path.startsWith('/_next/static/') || files.has(path);
}

/** The path of a request target as sent, without its query; the absolute form names the same. */
function pathOf(url: string): string {
  const target = url.startsWith('/') ? url : absolutePath(url);
  const end = target.search(/[?#]/);
  return end < 0 ? target : target.slice(0, end);
}

function absolutePath(url: string): string {
  try {
    // The URL parser keeps percent-escapes as they were sent.
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

/**
 * The files Next.js serves from `public/`: the working directory's, as `next start` and the
 * standalone server read it.
 */
export function publicFiles(root = join(process.cwd(), 'public')): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else files.add(path);
    }
  };
  walk(root, '');
  return files;
}

function answer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  const json = pathOf(req.url ?? '').startsWith('/api/');
  const body = json ? JSON.stringify({ code: status, message }) : `${message}\n`;
  const headers: Record<string, string> = {
    ...API_HEADERS,
    'Content-Type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    // The connection is not reused: a body that came with the request is never read, and this
    // answer goes out before Node.js has parsed what follows it on the socket (a client that sent
    // an unframed body would find the connection cut under its next request).
    Connection: 'close',
    ...extra,
  };
  if (httpsRequest(req)) headers['Strict-Transport-Security'] = HSTS;
  res.writeHead(status, headers);
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
export async function installRequestGuard(files = publicFiles()): Promise<void> {
  await hookServer('pulse.request-guard', {
    request: (req, res) => {
      const allow = refusedMethod(req.method, req.url, files);
      if (allow) {
        answer(req, res, 405, `Method ${req.method} is not allowed here.`, { Allow: allow });
        return true;
      }
      if (req.headers.range !== undefined && staticFile(req.url, files)) {
        delete req.headers.range;
        delete req.headers['if-range'];
      }
      if (!malformedApiPath(req.url)) return false;
      answer(req, res, 400, MALFORMED_PATH_MESSAGE);
      return true;
    },
  });
}
