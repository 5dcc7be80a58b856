/**
 * The wrapper of every route handler under app/api (proxy.ts does not run for the API). Every answer
 * carries a request id (`x-request-id`: the trusted proxy's when there is one, else generated) and
 * leaves one access log line: method, route template, status, duration, the gateway's cache result
 * and the upstream's status. The route template is the endpoint's name, never the raw path, so
 * addresses and hashes stay out of the logs.
 *
 * It also sets what is decided per request: HSTS when the request is known to be HTTPS (the static
 * headers are next.config.js's), and `Connection: close` when a body was left unread, so the socket
 * is closed once the answer is out instead of being read to the end of whatever the client sends
 * (lib/server/security/body.ts).
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import { getEnv } from '../../config/env';
import { runWithContext, type RequestContext } from '../../observe/context';
import { log } from '../../observe/log';
import { bodyLeftUnread } from '../security/body';
import { isHttps } from '../security/client-key';
import { HSTS } from '../security/headers';

const ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** A proxy's id is taken only when a proxy is trusted (TRUSTED_PROXY_HOPS, or the platform's own). */
function requestIdOf(request: Request): string {
  const given = request.headers.get('x-request-id');
  const trusted = getEnv().TRUSTED_PROXY_HOPS > 0 || Boolean(process.env.VERCEL);
  return trusted && given && ID.test(given) ? given : randomUUID();
}

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response> | Response;

export function withAccessLog<A extends unknown[]>(route: string, handler: Handler<A>): Handler<A> {
  return async (request, ...rest) => {
    const context: RequestContext = { id: requestIdOf(request), route };
    const started = performance.now();
    let response: Response;
    try {
      response = await runWithContext(context, () => handler(request, ...rest));
    } catch (error) {
      log().error(
        { request_id: context.id, route, err: error instanceof Error ? error.name : 'unknown' },
        'unhandled error',
      );
      response = Response.json(
        { code: 500, message: 'Internal error', request_id: context.id },
        { status: 500, headers: { 'cache-control': 'no-store' } },
      );
    }
    const extra: Record<string, string> = { 'x-request-id': context.id };
    if (isHttps(request)) extra['strict-transport-security'] = HSTS;
    if (bodyLeftUnread(request)) extra.connection = 'close';
    response = withHeaders(response, extra);
    log().info(
      {
        request_id: context.id,
        method: request.method,
        route: context.route,
        status: response.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        ...(context.cache ? { cache: context.cache } : {}),
        ...(context.upstreamStatus !== undefined
          ? { upstream_status: context.upstreamStatus }
          : {}),
      },
      'request',
    );
    return response;
  };
}

function withHeaders(response: Response, extra: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(extra)) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (a fetched Response): copy them.
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  }
}
