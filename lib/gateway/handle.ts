/**
 * The gateway: `/api/{service}/v1/<rest>` -> `{upstream}/{service}/api/v1/<rest>` for allowlisted
 * endpoints only. It validates input before forwarding, adds the key (in transport.ts), caches what
 * the seeds say may be cached, and turns every upstream failure into a clear 502/504 envelope.
 */
import 'server-only';
import type { RequestBody, ServiceContract } from '../contracts/types';
import { decodeSegments } from '../contracts/match';
import { SERVICE_PREFIX, type Service } from '../upstream/services';
import { TransportError, upstreamFetch } from '../upstream/transport';
import { ResponseCache, type CachedResponse } from './cache';
import { refusal } from './envelope';
import { checkMutation } from './policy';
import { CONTRACTS, findEndpoint, isSafeSegment } from './registry';

const MAX_BODY_BYTES = 1_000_000;
const cache = new ResponseCache(2000);

export async function handleGateway(service: Service, request: Request): Promise<Response> {
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

  const body = await readBody(request);
  if (body === 'too-large') {
    return reply(refusal(service, 413, 'bad-request', 'Request body too large (limit 1 MB).'));
  }

  if (endpoint.mutates) {
    const denied = await checkMutation(request, contract);
    if (denied) return reply(denied);
  }

  const rejection = endpoint.validate?.({ params, query: url.searchParams, body: body.parsed });
  if (rejection) return reply(rejection);

  const upstreamPath = `${SERVICE_PREFIX[service]}/${segments.map(encodeURIComponent).join('/')}${url.search}`;
  const call = (signal?: AbortSignal) => forward(contract, method, upstreamPath, body.raw, signal);
  const answer = async (): Promise<Response> => {
    if (method === 'GET' && endpoint.cacheSeconds) {
      const ttl = endpoint.cacheSeconds;
      // A shared call must not die with the first caller's connection: timeout only, no client signal.
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
    return send(await call(request.signal), { 'cache-control': 'no-store' });
  };
  const response = await answer();
  return request.method === 'HEAD'
    ? new Response(null, { status: response.status, headers: response.headers })
    : response;
}

async function forward(
  contract: ServiceContract,
  method: string,
  path: string,
  body: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Omit<CachedResponse, 'expires'>> {
  let response: Response;
  try {
    response = await upstreamFetch({ method, path, body, signal });
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
): Promise<{ raw: string | undefined; parsed: RequestBody } | 'too-large'> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') {
    return { raw: undefined, parsed: { kind: 'none' } };
  }
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return 'too-large';
  const raw = await request.text();
  if (raw.length > MAX_BODY_BYTES) return 'too-large';
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

function reply(r: { status: number; body: unknown }): Response {
  return send(asReply(r), { 'cache-control': 'no-store' });
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
