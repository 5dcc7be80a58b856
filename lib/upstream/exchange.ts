/**
 * One exchange with an upstream service: the only caller of the transport for HTTP. The gateway (for
 * the browser) and the typed clients (for pages, the stream hubs, health) both come through here, so
 * they share one cache with single-flight, one rule for redirects and non-envelopes, and one way of
 * turning a failed call into the service's own failure envelope (502, or 504 on a timeout).
 */
import 'server-only';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { isSuccessEnvelope } from '../contracts/envelopes';
import { CONTRACTS } from '../contracts/registry';
import { SERVICE_PREFIX, type Service } from '../contracts/services';
import { ResponseCache, type CachedResponse } from './cache';
import { requestContext } from '../observe/context';
import { log } from '../observe/log';
import { metrics } from '../observe/metrics';
import { TransportError, upstreamFetch, type UpstreamHttpRequest } from './transport';

export type ExchangeFailure = NonNullable<CachedResponse['failure']>;

/** The transport's request (method, body, timeout, sandbox), addressed by service. */
export interface ExchangeRequest extends UpstreamHttpRequest {
  service: Service;
  /** path below the service prefix, already encoded, with its canonical query: `/quotes/latest?ids=1` */
  path: string;
  /** the caller's own signal; ignored for cached reads (a shared call must not die with one caller) */
  signal?: AbortSignal;
  /** GET answers that succeed are kept this long and shared by every caller (the seed's cache rules) */
  cacheSeconds?: number;
}

export interface Exchanged {
  status: number;
  /** the upstream's body, or the service's failure envelope when `failure` is set */
  body: string;
  failure?: ExchangeFailure;
  /** answered from the cache or from another caller's call in flight */
  hit: boolean;
  /** cached and still within its time */
  fresh: boolean;
}

// One cache per process: Next bundles this module into the page and the route-handler chunks
// separately, and a page's server render must share its entry (and its in-flight call) with the
// browser's gateway call, or the two show different hourly snapshots after an hour turns.
const CACHE = Symbol.for('pulse.exchange-cache');
const cache: ResponseCache = ((globalThis as { [CACHE]?: ResponseCache })[CACHE] ??=
  new ResponseCache(2000));

export async function exchange(req: ExchangeRequest): Promise<Exchanged> {
  const ttl = req.method === 'GET' ? (req.cacheSeconds ?? 0) : 0;
  if (ttl <= 0) return { ...(await call(req, req.signal)), hit: false, fresh: false };
  const result = await cached(req, ttl);
  const context = requestContext();
  if (context) context.cache = result.hit ? 'hit' : 'miss';
  metrics().cache.inc({ service: req.service, result: result.hit ? 'hit' : 'miss' });
  return result;
}

/**
 * A cache shared by every instance of a cluster (lib/server/cluster/shared-cache.ts, with REDIS_URL):
 * `load` returns another instance's answer while it is fresh, or runs `fetch` under a short lock so
 * that one instance of many asks the upstream. Behind the process's own cache and single-flight.
 */
export interface SharedTier {
  load(key: string, fetch: () => Promise<CachedResponse>): Promise<CachedResponse>;
}

const TIER = Symbol.for('pulse.exchange-shared-tier');
type TierHolder = { [TIER]?: SharedTier };

export function setSharedTier(tier: SharedTier | undefined): void {
  (globalThis as TierHolder)[TIER] = tier;
}

async function cached(req: ExchangeRequest, ttl: number): Promise<Exchanged> {
  // Cached endpoints are market data, the same in every sandbox: the key ignores the sandbox.
  const key = `${req.service} ${req.path}`;
  const fetch = async (): Promise<CachedResponse> => {
    const r = await call({ ...req, sandbox: null }, undefined);
    const ok = !r.failure && isSuccessEnvelope(req.service, r.status, parse(r.body));
    return { ...r, expires: ok ? Date.now() + ttl * 1000 : 0 };
  };
  const result = await cache.get(key, () => {
    const tier = (globalThis as TierHolder)[TIER];
    return tier ? tier.load(key, fetch) : fetch();
  });
  const { expires, ...rest } = result;
  return { ...rest, fresh: expires > Date.now() };
}

/** Forgets every cached answer (tests). */
export function clearExchangeCache(): void {
  cache.clear();
}

const tracer = trace.getTracer('pulse');

/** One upstream call in a span of its own (a no-op unless instrumentation.ts registered a tracer). */
function call(
  req: ExchangeRequest,
  signal: AbortSignal | undefined,
): Promise<Omit<CachedResponse, 'expires'>> {
  return tracer.startActiveSpan(
    `upstream ${req.service} ${req.method}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'pulse.service': req.service, 'http.request.method': req.method },
    },
    async (span) => {
      try {
        const result = await callOnce(req, signal);
        span.setAttribute('http.response.status_code', result.status);
        if (result.failure) {
          span.setAttribute('pulse.failure', result.failure);
          span.setStatus({ code: SpanStatusCode.ERROR, message: result.failure });
        }
        return result;
      } finally {
        span.end();
      }
    },
  );
}

async function callOnce(
  req: ExchangeRequest,
  signal: AbortSignal | undefined,
): Promise<Omit<CachedResponse, 'expires'>> {
  const contract = CONTRACTS[req.service];
  const failed = (failure: ExchangeFailure, status: 502 | 504, reason: string) => {
    const envelope = contract.upstreamFailure(status, reason);
    return { status: envelope.status, body: JSON.stringify(envelope.body), failure };
  };
  let response: Response;
  const started = performance.now();
  const observe = (outcome: string) =>
    metrics().upstreamLatency.observe(
      { service: req.service, outcome },
      (performance.now() - started) / 1000,
    );
  try {
    response = await upstreamFetch({
      method: req.method,
      path: `${SERVICE_PREFIX[req.service]}${req.path}`,
      body: req.body,
      signal,
      timeoutMs: req.timeoutMs,
      // A demo sandbox is a tx application of its own; market data (price, kline) is shared, and
      // the simulator's price and kline services know only the operator's key.
      sandbox: req.service === 'tx' ? req.sandbox : null,
    });
  } catch (error) {
    if (error instanceof TransportError) {
      observe(error.kind);
      log().warn(
        {
          service: req.service,
          method: req.method,
          path: stripQuery(req.path),
          reason: error.message,
        },
        'upstream call failed',
      );
      return error.kind === 'timeout'
        ? failed('timeout', 504, error.message)
        : failed('unreachable', 502, error.message);
    }
    throw error;
  }
  const context = requestContext();
  if (context) context.upstreamStatus = response.status;
  if (response.status >= 300 && response.status < 400) {
    observe('bad-response');
    return failed('bad-response', 502, `unexpected redirect (HTTP ${response.status})`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    observe('bad-response');
    return failed('bad-response', 502, 'the response was cut off');
  }
  const body = parse(text);
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { code?: unknown }).code !== 'number'
  ) {
    observe('bad-response');
    log().warn(
      {
        service: req.service,
        method: req.method,
        path: stripQuery(req.path),
        status: response.status,
      },
      'upstream answered something that is not an envelope',
    );
    return failed('bad-response', 502, `invalid response (HTTP ${response.status})`);
  }
  observe(isSuccessEnvelope(req.service, response.status, body) ? 'ok' : 'failure');
  if (response.status === 401 || response.status === 403)
    log().error(
      { service: req.service, status: response.status },
      'the upstream refused the API key (UPSTREAM_API_KEY)',
    );
  return { status: response.status, body: text };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function stripQuery(path: string): string {
  const i = path.indexOf('?');
  return i === -1 ? path : path.slice(0, i);
}
