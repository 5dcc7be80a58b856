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
 *
 * `accessLogged` does the same for an answer given as plain data, which the fast entry
 * (lib/server/http/fast-entry.ts) writes to the Node response itself.
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
    const { context, started, value } = await logged(route, request, () =>
      handler(request, ...rest),
    );
    let response = value;
    if (!response) {
      const failed = internalError(context);
      response = Response.json(failed.body, { status: failed.status, headers: failed.headers });
    }
    response = withHeaders(response, perRequestHeaders(request, context));
    logLine(request, context, response.status, started);
    return response;
  };
}

/** An answer as plain data (lib/server/gateway/handle.ts), for the fast entry that writes it itself. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** withAccessLog for a plain answer: the same request id, headers, log line and 500. */
export async function accessLogged(
  route: string,
  request: Request,
  handler: (request: Request) => Promise<PlainAnswer>,
): Promise<PlainAnswer> {
  const { context, started, value } = await logged(route, request, () => handler(request));
  let answer: PlainAnswer;
  if (value) answer = value;
  else {
    const failed = internalError(context);
    // As Response.json writes it.
    answer = {
      status: failed.status,
      headers: { 'content-type': 'application/json', ...failed.headers },
      body: JSON.stringify(failed.body),
    };
  }
  answer = {
    ...answer,
    headers: { ...answer.headers, ...perRequestHeaders(request, context) },
  };
  logLine(request, context, answer.status, started);
  return answer;
}

/** Runs the handler in the request's context; undefined when it threw (logged here). */
async function logged<T>(
  route: string,
  request: Request,
  run: () => Promise<T> | T,
): Promise<{ context: RequestContext; started: number; value: T | undefined }> {
  const context: RequestContext = { id: requestIdOf(request), route };
  const started = performance.now();
  try {
    return { context, started, value: await runWithContext(context, run) };
  } catch (error) {
    log().error(
      { request_id: context.id, route, err: error instanceof Error ? error.name : 'unknown' },
      'unhandled error',
    );
    return { context, started, value: undefined };
  }
}

function internalError(context: RequestContext) {
  return {
    status: 500,
    headers: { 'cache-control': 'no-store' },
    body: { code: 500, message: 'Internal error', request_id: context.id },
  };
}

function perRequestHeaders(request: Request, context: RequestContext): Record<string, string> {
  const extra: Record<string, string> = { 'x-request-id': context.id };
  if (isHttps(request)) extra['strict-transport-security'] = HSTS;
  if (bodyLeftUnread(request)) extra.connection = 'close';
  return extra;
}

function logLine(request: Request, context: RequestContext, status: number, started: number) {
  log().info(
    {
      request_id: context.id,
      method: request.method,
      route: context.route,
      status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      ...(context.cache ? { cache: context.cache } : {}),
      ...(context.upstreamStatus !== undefined ? { upstream_status: context.upstreamStatus } : {}),
    },
    'request',
  );
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
