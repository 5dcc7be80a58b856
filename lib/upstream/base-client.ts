/**
 * The typed upstream client shared by the three services: one call, the envelope checked with the
 * service's zod schema, and a typed error that names the service, the path and the status. Server
 * code (pages, the health check) uses the per-service clients built on it; the browser goes through
 * the gateway instead.
 */
import 'server-only';
import type { z } from 'zod';
import type { Service } from '../contracts/services';
import { envelopeCode, envelopeMessage, isSuccessEnvelope } from '../contracts/envelopes';
import { decodeSegments } from '../contracts/match';
import { canonicalQuery } from '../contracts/query';
import { CONTRACTS, findEndpoint } from '../contracts/registry';
import { exchange } from './exchange';

export type UpstreamErrorKind = 'timeout' | 'unreachable' | 'bad-response' | 'failure';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly service: Service,
    readonly path: string,
    readonly kind: UpstreamErrorKind,
    readonly status: number | null,
    /** the envelope's business code on a `failure` */
    readonly code: number | null,
    /** the upstream's own words (or the transport's), without the service and path */
    readonly reason: string,
  ) {
    super(`${service} ${path}: ${reason}`);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** the visitor's demo sandbox (built-in simulator only) */
  sandbox?: string | null;
  /** ask the upstream now even where the endpoint is cached (health probes) */
  live?: boolean;
}

/** What a caller may tune on one read. */
export type ReadOptions = Pick<CallOptions, 'timeoutMs' | 'signal' | 'live'>;

/**
 * Calls `{prefix}{path}` through the one exchange (lib/upstream/exchange.ts) and returns the parsed
 * success envelope. The query is rebuilt in the endpoint's canonical order, so a page's call and the
 * browser's call through the gateway share one cache entry and one upstream request. `success`
 * validates the envelope; a failure carries the upstream's code and message.
 */
export async function callUpstream<S extends z.ZodType>(
  service: Service,
  path: string,
  success: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const method = options.method ?? 'GET';
  const incoming = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) incoming.set(k, String(v));
  const segments = decodeSegments(path) ?? [];
  const match = findEndpoint(CONTRACTS[service], method, segments);
  if (!match) throw new UpstreamError(service, path, 'failure', null, null, 'not a seed endpoint');
  const query = canonicalQuery(match.endpoint, incoming);
  if (!query.ok)
    throw new UpstreamError(service, path, 'failure', null, null, 'duplicate parameter');
  const result = await exchange({
    service,
    method,
    path: `${path}${query.search}`,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    sandbox: options.sandbox,
    cacheSeconds: method === 'GET' && !options.live ? match.endpoint.cacheSeconds : undefined,
  });
  const json = parseJson(result.body);
  if (result.failure)
    throw new UpstreamError(
      service,
      path,
      result.failure,
      null,
      null,
      envelopeMessage(json, result.status),
    );
  const parsed = success.safeParse(json);
  if (isSuccessEnvelope(service, result.status, json)) {
    if (parsed.success) return parsed.data;
    // A success envelope that failed validation is the upstream's bug, not the caller's input.
    throw new UpstreamError(
      service,
      path,
      'bad-response',
      result.status,
      envelopeCode(json),
      `unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  throw new UpstreamError(
    service,
    path,
    'failure',
    result.status,
    envelopeCode(json),
    envelopeMessage(json, result.status),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
