/**
 * The gateway: `/api/{service}/v1/<rest>` -> `{upstream}/{service}/api/v1/<rest>` for allowlisted
 * endpoints only. It validates input before forwarding, adds the key (in transport.ts), caches what
 * the seeds say may be cached, and turns every upstream failure into a clear 502/504 envelope.
 */
import 'server-only';
import type { Endpoint, RequestBody, ServiceContract } from '../../contracts/types';
import { decodeSegments } from '../../contracts/match';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '../auth/access';
import { hasAdminSession } from '../auth/session';
import { getEnv, sandboxMode } from '../../core/env';
import { newSandboxId, sandboxOf, sandboxSetCookie } from '../sandbox/cookie';
import { readCappedText } from '../security/body';
import { clientKey } from '../security/client-key';
import { rateLimit } from '../security/limits';
import { SERVICE_PREFIX, type Service } from '../../contracts/services';
import { TransportError, upstreamFetch } from '../../upstream/transport';
import { ResponseCache, type CachedResponse } from './cache';
import { duplicateParam, refusal } from './envelope';
import { maskForReader } from './mask';
import { checkMutation } from './policy';
import { canonicalQuery } from './query';
import { CONTRACTS, findEndpoint, isSafeSegment } from './registry';

/** Bodies of endpoints that declare no cap of their own. */
const DEFAULT_MAX_BODY_BYTES = 8 * 1024;
const cache = new ResponseCache(2000);

/** What the embeddable chart reads: public with DASHBOARD_ACCESS=private and EMBED_PUBLIC=1. */
export const CHART_ENDPOINTS = new Set(['kline.ohlcv', 'price.pools.get', 'tx.dexPools.trades']);
/** Changes that produce an event (a push, a delivery): counted per demo sandbox. */
const EVENT_ENDPOINTS = new Set(['tx.ws.replay', 'tx.app.webhook.retry']);

export interface GatewayOptions {
  /**
   * A call from this server's own code (server components, lib/server/gateway/in-process.ts): no client to
   * limit, and it only reads.
   */
  internal?: boolean;
}

type Extra = Record<string, string>;

export async function handleGateway(
  service: Service,
  request: Request,
  options: GatewayOptions = {},
): Promise<Response> {
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
  const env = getEnv();

  if (!options.internal) {
    const publicChart = env.EMBED_PUBLIC === '1' && CHART_ENDPOINTS.has(endpoint.id);
    if (!publicChart && !(await mayRead(request))) {
      return reply(refusal(service, 401, 'unauthorized', SIGN_IN_TO_READ_MESSAGE));
    }
    const limited = await overLimit(
      service,
      'gateway',
      env.RATE_GATEWAY_PER_MIN,
      clientKey(request),
    );
    if (limited) return limited;
  }

  // Changes: who and from where, before a byte of the body is read.
  let sandbox: string | null = null;
  const extra: Extra = {};
  if (endpoint.mutates) {
    if (options.internal) return reply(refusal(service, 403, 'forbidden', 'Changes are refused.'));
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
  } else if (sandboxMode(env) && !options.internal) {
    sandbox = sandboxOf(request);
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
  if (body === 'aborted')
    return reply(refusal(service, 400, 'bad-request', 'The request was cut off.'));

  const rejection = endpoint.validate?.({ params, query: query.params, body: body.parsed });
  if (rejection) return reply(rejection);

  const upstreamPath = `${SERVICE_PREFIX[service]}/${segments.map(encodeURIComponent).join('/')}${query.search}`;
  const call = (signal?: AbortSignal) =>
    forward(contract, method, upstreamPath, body.raw, signal, sandbox);
  const answer = async (): Promise<Response> => {
    if (method === 'GET' && endpoint.cacheSeconds) {
      const ttl = endpoint.cacheSeconds;
      // A shared call must not die with the first caller's connection: timeout only, no client signal.
      // Cached endpoints are market data, the same in every sandbox.
      const result = await cache.get(`${service} ${upstreamPath}`, async () => {
        const r = await call();
        return { ...r, expires: isSuccess(service, r) ? Date.now() + ttl * 1000 : 0 };
      });
      const fresh = result.expires > Date.now();
      return send(result, {
        'cache-control': fresh ? `public, max-age=${ttl}, s-maxage=${ttl}` : 'no-store',
        'x-cache': result.hit ? 'HIT' : 'MISS',
      });
    }
    const result = await call(request.signal);
    const masked =
      method === 'GET' && !(await hasAdminSession(request))
        ? { ...result, body: maskForReader(endpoint.id, result.body) }
        : result;
    return send(masked, { 'cache-control': 'no-store', ...extra });
  };
  const response = await answer();
  return request.method === 'HEAD'
    ? new Response(null, { status: response.status, headers: response.headers })
    : response;
}

/** A 429 in the service's envelope with Retry-After, or null when the key may go on. */
async function overLimit(
  service: Service,
  name: string,
  perMinute: number,
  key: string,
  message = 'Too many requests',
): Promise<Response | null> {
  const result = await rateLimit(name, { points: perMinute, durationSeconds: 60 }).take(key);
  if (result.ok) return null;
  const seconds = result.retryAfterSeconds;
  return reply(refusal(service, 429, 'rate-limited', `${message}: try again in ${seconds} s.`), {
    'retry-after': String(seconds),
  });
}

async function forward(
  contract: ServiceContract,
  method: string,
  path: string,
  body: string | undefined,
  signal: AbortSignal | undefined,
  sandbox: string | null,
): Promise<Omit<CachedResponse, 'expires'>> {
  let response: Response;
  try {
    response = await upstreamFetch({ method, path, body, signal, sandbox });
  } catch (error) {
    if (error instanceof TransportError) {
      const status = error.kind === 'timeout' ? 504 : 502;
      console.warn(`[gateway] ${contract.service} ${method} ${stripQuery(path)}: ${error.message}`);
      return asReply(contract.upstreamFailure(status, error.message));
    }
    throw error;
  }
  if (response.status >= 300 && response.status < 400) {
    return asReply(contract.upstreamFailure(502, `unexpected redirect (HTTP ${response.status})`));
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return asReply(contract.upstreamFailure(502, 'the response was cut off'));
  }
  if (!looksLikeEnvelope(text)) {
    console.warn(
      `[gateway] ${contract.service} ${method} ${stripQuery(path)}: invalid response (HTTP ${response.status})`,
    );
    return asReply(contract.upstreamFailure(502, `invalid response (HTTP ${response.status})`));
  }
  return { status: response.status, body: text };
}

function looksLikeEnvelope(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { code?: unknown }).code === 'number'
    );
  } catch {
    return false;
  }
}

/** Success as each envelope defines it; only successes are cached. */
function isSuccess(service: Service, r: { status: number; body: string }): boolean {
  if (r.status !== 200) return false;
  try {
    const code = (JSON.parse(r.body) as { code?: unknown }).code;
    return service === 'tx' ? code === 0 || code === 1 : code === 0;
  } catch {
    return false;
  }
}

async function readBody(
  request: Request,
  endpoint: Endpoint,
): Promise<{ raw: string | undefined; parsed: RequestBody } | 'too-large' | 'aborted'> {
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

function reply(r: { status: number; body: unknown }, headers: Extra = {}): Response {
  return send(asReply(r), { 'cache-control': 'no-store', ...headers });
}

function send(r: { status: number; body: string }, headers: Record<string, string>): Response {
  return new Response(r.body, {
    status: r.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

function stripQuery(path: string): string {
  const i = path.indexOf('?');
  return i === -1 ? path : path.slice(0, i);
}
