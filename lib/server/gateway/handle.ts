/**
 * The gateway: `/api/{service}/v1/<rest>` -> `{upstream}/{service}/api/v1/<rest>` for allowlisted
 * endpoints only. It validates input before forwarding, adds the key (in transport.ts), caches what
 * the seeds say may be cached, and turns every upstream failure into a clear 502/504 envelope.
 */
import 'server-only';
import type { Endpoint, RequestBody } from '../../contracts/types';
import { decodeSegments } from '../../contracts/match';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '../auth/access';
import { hasAdminSession } from '../auth/session';
import { withAccessLog } from '../http/access';
import { getEnv, sandboxMode } from '../../config/env';
import { admitSandbox } from '../sandbox/admission';
import { newSandboxId, sandboxOf, sandboxSetCookie } from '../sandbox/cookie';
import { liveSandbox } from '../sandbox/directory';
import { BODY_IDLE_MS, BODY_TIMEOUT_MS, readCappedText, type BodyRefusal } from '../security/body';
import { clientKey } from '../security/client-key';
import { rateLimit } from '../security/limits';
import type { Service } from '../../contracts/services';
import { requestContext } from '../../observe/context';
import { metrics } from '../../observe/metrics';
import { exchange } from '../../upstream/exchange';
import { duplicateParam, refusal } from './envelope';
import { maskForReader } from './mask';
import { checkMutation } from './policy';
import { canonicalQuery } from '../../contracts/query';
import { CONTRACTS, findEndpoint, isSafeSegment } from '../../contracts/registry';

/** Bodies of endpoints that declare no cap of their own. */
const DEFAULT_MAX_BODY_BYTES = 8 * 1024;

/** What the embeddable chart reads: public with DASHBOARD_ACCESS=private and EMBED_PUBLIC=1. */
const CHART_ENDPOINTS = new Set(['kline.ohlcv', 'price.pools.get', 'tx.dexPools.trades']);
/** Changes that produce an event (a push, a delivery): counted per demo sandbox. */
const EVENT_ENDPOINTS = new Set(['tx.ws.replay', 'tx.app.webhook.retry']);

type Extra = Record<string, string>;

/**
 * An answer before it becomes a web Response: the route handlers wrap it in one, the fast entry
 * (lib/server/http/fast-entry.ts) writes it to the Node response as it is.
 */
export interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for HEAD */
  body: string | null;
}

export async function handleGateway(service: Service, request: Request): Promise<Response> {
  const answer = await gatewayAnswer(service, request);
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** The route module of `/api/{service}/…` (app/api/<service>): every method, access-logged. */
export function gatewayRoute(service: Service) {
  const handler = withAccessLog(service, (request: Request) => handleGateway(service, request));
  return {
    GET: handler,
    POST: handler,
    PUT: handler,
    PATCH: handler,
    DELETE: handler,
    HEAD: handler,
    OPTIONS: handler,
  };
}

/**
 * `signal` ends an upstream call the client no longer waits for: the request's own by default; the
 * fast entry gives its own (linking one into a web Request costs more than the Request itself).
 */
export async function gatewayAnswer(
  service: Service,
  request: Request,
  signal: AbortSignal = request.signal,
): Promise<GatewayAnswer> {
  const answer = await answerGateway(service, request, signal);
  metrics().gatewayRequests.inc({
    service,
    endpoint: requestContext()?.route ?? service,
    status: String(answer.status),
  });
  return answer;
}

async function answerGateway(
  service: Service,
  request: Request,
  signal: AbortSignal,
): Promise<GatewayAnswer> {
  const contract = CONTRACTS[service];
  const url = new URL(request.url);
  const base = `/api/${service}/v1`;
  const rest = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length) : null;
  const segments = rest === null ? null : decodeSegments(rest);
  if (!segments || !segments.every(isSafeSegment)) return reply(contract.notFound());

  // HEAD is GET without the body (uptime checks use it).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const match = findEndpoint(contract, method, segments);
  if (!match) return reply(contract.notFound());
  const { endpoint, params } = match;
  const context = requestContext();
  if (context) context.route = endpoint.id;
  const env = getEnv();

  const publicChart = env.EMBED_PUBLIC === '1' && CHART_ENDPOINTS.has(endpoint.id);
  if (!publicChart && !(await mayRead(request))) {
    return reply(refusal(service, 401, 'unauthorized', SIGN_IN_TO_READ_MESSAGE));
  }
  const limited = await overLimit(service, 'gateway', env.RATE_GATEWAY_PER_MIN, clientKey(request));
  if (limited) return limited;

  // Changes: who and from where, before a byte of the body is read.
  let sandbox: string | null = null;
  let sandboxChange = false;
  const extra: Extra = {};
  if (endpoint.mutates) {
    const checked = await checkMutation(request, contract);
    if (checked.denied) return reply(checked.denied);
    const writes = await overLimit(
      service,
      'gateway-writes',
      env.RATE_GATEWAY_WRITES_PER_MIN,
      clientKey(request),
    );
    if (writes) return writes;
    if (checked.access.sandbox) {
      sandbox = sandboxOf(request);
      if (!sandbox) {
        sandbox = newSandboxId();
        extra['set-cookie'] = sandboxSetCookie(request, sandbox);
      }
      sandboxChange = true;
      if (EVENT_ENDPOINTS.has(endpoint.id)) {
        const events = await overLimit(
          service,
          'sandbox-events',
          env.DEMO_SANDBOX_EVENTS_PER_MIN,
          sandbox,
          'Too many test events in this demo sandbox',
        );
        if (events) return events;
      }
    }
  } else if (sandboxMode(env)) {
    // A read never makes a sandbox: without one of its own, a visitor reads the shared demo.
    sandbox = liveSandbox(sandboxOf(request));
  }

  const query = canonicalQuery(endpoint, url.searchParams);
  if (!query.ok) return reply(duplicateParam(service, query.duplicate));

  const body = await readBody(request, endpoint);
  if (body === 'too-large') {
    const limit = endpoint.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    return reply(
      refusal(service, 413, 'too-large', `Request body too large (limit ${limit} bytes).`),
    );
  }
  if (body === 'timeout')
    return reply(
      refusal(
        service,
        408,
        'bad-request',
        `The request body did not arrive in time (${BODY_TIMEOUT_MS / 1000} s in all, ${BODY_IDLE_MS / 1000} s between chunks).`,
      ),
    );
  if (body === 'aborted')
    return reply(refusal(service, 400, 'bad-request', 'The request was cut off.'));

  const rejection = endpoint.validate?.({ params, query: query.params, body: body.parsed });
  if (rejection) return reply(rejection);
  if (sandboxChange && sandbox) {
    // A valid change makes the visitor's sandbox, within the demo's limits (lib/server/sandbox).
    const admitted = await admitSandbox(request, sandbox);
    if (!admitted.ok)
      return reply(
        refusal(
          service,
          admitted.status,
          admitted.status === 429 ? 'rate-limited' : 'forbidden',
          admitted.message,
        ),
        admitted.retryAfterSeconds ? { 'retry-after': String(admitted.retryAfterSeconds) } : {},
      );
  }

  const path = `/${segments.map(encodeURIComponent).join('/')}${query.search}`;
  const answer = async (): Promise<GatewayAnswer> => {
    const cacheSeconds = method === 'GET' ? (endpoint.cacheSeconds ?? 0) : 0;
    const result = await exchange({
      service,
      method,
      path,
      body: body.raw,
      signal,
      sandbox,
      cacheSeconds,
    });
    if (cacheSeconds > 0) {
      return send(result, {
        'cache-control': result.fresh
          ? `public, max-age=${cacheSeconds}, s-maxage=${cacheSeconds}`
          : 'no-store',
        'x-cache': result.hit ? 'HIT' : 'MISS',
      });
    }
    const masked =
      method === 'GET' && !(await hasAdminSession(request))
        ? { ...result, body: maskForReader(endpoint.id, result.body) }
        : result;
    return send(masked, { 'cache-control': 'no-store', ...extra });
  };
  const response = await answer();
  return request.method === 'HEAD' ? { ...response, body: null } : response;
}

/** A 429 in the service's envelope with Retry-After, or null when the key may go on. */
async function overLimit(
  service: Service,
  name: string,
  perMinute: number,
  key: string,
  message = 'Too many requests',
): Promise<GatewayAnswer | null> {
  const result = await rateLimit(name, { points: perMinute, durationSeconds: 60 }).take(key);
  if (result.ok) return null;
  const seconds = result.retryAfterSeconds;
  return reply(refusal(service, 429, 'rate-limited', `${message}: try again in ${seconds} s.`), {
    'retry-after': String(seconds),
  });
}

async function readBody(
  request: Request,
  endpoint: Endpoint,
): Promise<{ raw: string | undefined; parsed: RequestBody } | BodyRefusal> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') {
    return { raw: undefined, parsed: { kind: 'none' } };
  }
  const read = await readCappedText(request, endpoint.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (!read.ok) return read.reason;
  const raw = read.text;
  if (raw.trim() === '') return { raw: undefined, parsed: { kind: 'none' } };
  try {
    return { raw, parsed: { kind: 'json', value: JSON.parse(raw) as unknown } };
  } catch {
    return { raw, parsed: { kind: 'invalid' } };
  }
}

function asReply(r: { status: number; body: unknown }): { status: number; body: string } {
  return { status: r.status, body: JSON.stringify(r.body) };
}

function reply(r: { status: number; body: unknown }, headers: Extra = {}): GatewayAnswer {
  return send(asReply(r), { 'cache-control': 'no-store', ...headers });
}

function send(r: { status: number; body: string }, headers: Extra): GatewayAnswer {
  return {
    status: r.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: r.body,
  };
}
