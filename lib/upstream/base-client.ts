/**
 * The typed upstream client shared by the three services: one call, the envelope checked with the
 * service's zod schema, and a typed error that names the service, the path and the status. Server
 * code (pages, the health check) uses the per-service clients built on it; the browser goes through
 * the gateway instead.
 */
import 'server-only';
import type { z } from 'zod';
import type { Service } from '../contracts/services';
import { SERVICE_PREFIX } from '../contracts/services';
import { TransportError, upstreamFetch } from './transport';

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
    message: string,
  ) {
    super(`${service} ${path}: ${message}`);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Calls `{prefix}{path}` and returns the parsed success envelope. `success` validates it; anything
 * else that is JSON with a numeric code is a `failure` carrying the upstream's code and message.
 */
export async function callUpstream<S extends z.ZodType>(
  service: Service,
  path: string,
  success: S,
  options: CallOptions = {},
): Promise<z.infer<S>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) query.set(k, String(v));
  const full = `${SERVICE_PREFIX[service]}${path}${query.size ? `?${query.toString()}` : ''}`;
  let response: Response;
  try {
    response = await upstreamFetch({
      method: options.method ?? 'GET',
      path: full,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof TransportError)
      throw new UpstreamError(service, path, error.kind, null, null, error.message);
    throw error;
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = success.safeParse(json);
  if (response.ok && parsed.success) return parsed.data;
  const envelope = json as { code?: unknown; msg?: unknown; message?: unknown } | undefined;
  if (envelope && typeof envelope.code === 'number') {
    const text =
      typeof envelope.msg === 'string'
        ? envelope.msg
        : typeof envelope.message === 'string'
          ? envelope.message
          : '';
    // A success envelope that failed validation is the upstream's bug, not the caller's input.
    const isSuccessCode = envelope.code === 0 || (service === 'tx' && envelope.code === 1);
    if (response.ok && isSuccessCode && !parsed.success) {
      throw new UpstreamError(
        service,
        path,
        'bad-response',
        response.status,
        envelope.code,
        `unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
    }
    throw new UpstreamError(
      service,
      path,
      'failure',
      response.status,
      envelope.code,
      text || `HTTP ${response.status}`,
    );
  }
  throw new UpstreamError(
    service,
    path,
    'bad-response',
    response.status,
    null,
    `not an envelope (HTTP ${response.status})`,
  );
}
