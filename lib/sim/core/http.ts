/** Small helpers shared by the simulator's service modules: a path router and JSON responses. */

import { decodeSegments, matchSegments, splitPattern, type Params } from '../../contracts/match';

export type { Params };

export interface RouteContext {
  request: Request;
  url: URL;
  params: Params;
}

export type RouteHandler = (ctx: RouteContext) => Response | Promise<Response>;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

/**
 * Matches `/a/:b/c` patterns against a path relative to a service prefix. Path parameters are
 * percent-decoded once; a parameter may not contain `/`.
 */
export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: splitPattern(pattern), handler });
    return this;
  }

  /** `null` when no route has this path; `'method'` when the path exists under another method. */
  match(method: string, path: string): { handler: RouteHandler; params: Params } | 'method' | null {
    const parts = decodeSegments(path);
    if (!parts) return null;
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { handler: route.handler, params };
      }
      pathMatched = true;
    }
    return pathMatched ? 'method' : null;
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strict integer parsing for query strings: "12" yes, "12.5", "1e3", " 12" and "" no. */
export function parseIntStrict(value: string | null | undefined): number | null {
  if (value == null || !/^-?\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * What is wrong with a WebSocket opening handshake (RFC 6455, 4.2.1), or null when it is sound.
 * `upgrade` when the request does not ask for a WebSocket (the seeds' 426); `malformed` when it does
 * but a required header is missing or invalid (the seeds' 400), so the simulator answers in its own
 * envelope instead of the socket library's plain-text reply.
 */
export function websocketHandshakeProblem(
  headers: Headers,
): { kind: 'upgrade' } | { kind: 'malformed'; detail: string } | null {
  if ((headers.get('upgrade') ?? '').trim().toLowerCase() !== 'websocket')
    return { kind: 'upgrade' };
  const key = (headers.get('sec-websocket-key') ?? '').trim();
  if (!/^[A-Za-z0-9+/]{22}==$/.test(key))
    return { kind: 'malformed', detail: 'Sec-WebSocket-Key must be 16 bytes in base64' };
  if ((headers.get('sec-websocket-version') ?? '').trim() !== '13')
    return { kind: 'malformed', detail: 'Sec-WebSocket-Version must be 13' };
  return null;
}
