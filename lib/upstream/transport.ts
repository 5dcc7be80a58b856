/**
 * The one place that talks to the upstream over HTTP and the one place that adds `X-API-Key`.
 * With no UPSTREAM_BASE_URL it calls the built-in simulator in-process instead of the network.
 */
import 'server-only';
import { getEnv, upstreamMode } from '../config/env';
import { sandboxApiKey } from '../sim/core/auth';
import { builtInSimulator } from './simulator';

export interface UpstreamHttpRequest {
  method: string;
  /** full upstream path with prefix and query, e.g. `/price/api/v1/quotes/latest?ids=1` */
  path: string;
  body?: string;
  signal?: AbortSignal;
  /** overrides UPSTREAM_TIMEOUT_MS */
  timeoutMs?: number;
  /**
   * The visitor's demo sandbox (built-in simulator only): the call is made as that sandbox's own
   * application, whose key the simulator derives from the sandbox id. Ignored with a real upstream.
   */
  sandbox?: string | null;
}

export type TransportFailure = 'timeout' | 'unreachable';

export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly kind: TransportFailure,
    message: string,
  ) {
    super(message);
  }
}

const SIM_ORIGIN = 'http://simulator.internal';

function upstreamUrl(path: string): string {
  const env = getEnv();
  const base = (env.UPSTREAM_BASE_URL ?? SIM_ORIGIN).replace(/\/+$/, '');
  return `${base}${path}`;
}

export async function upstreamFetch(req: UpstreamHttpRequest): Promise<Response> {
  const env = getEnv();
  const timeoutMs = req.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  const headers = new Headers({ accept: 'application/json' });
  if (req.body !== undefined) headers.set('content-type', 'application/json');

  try {
    if (upstreamMode(env) === 'simulator') {
      const sim = builtInSimulator();
      headers.set(
        'x-api-key',
        req.sandbox ? sandboxApiKey(sim.config.apiKey, req.sandbox) : sim.config.apiKey,
      );
      const request = new Request(`${SIM_ORIGIN}${req.path}`, {
        method: req.method,
        headers,
        body: req.body,
        signal,
      });
      return await raceAbort(sim.handle(request), signal);
    }
    headers.set('x-api-key', env.UPSTREAM_API_KEY ?? '');
    const call = () =>
      fetch(upstreamUrl(req.path), {
        method: req.method,
        headers,
        body: req.body,
        signal,
        // The gateway never follows redirects: a 3xx is reported, not chased to another host.
        redirect: 'manual',
        cache: 'no-store',
      });
    try {
      return await call();
    } catch (error) {
      // A kept-alive connection the upstream closed as this request went out: a read is sent once
      // more, on a new connection (as browsers do). Writes are not: the first may have landed.
      if (signal.aborted || !IDEMPOTENT.has(req.method) || !RESET.has(causeCode(error)))
        throw error;
      return await call();
    }
  } catch (error) {
    if (timeout.aborted) throw new TransportError('timeout', `no answer within ${timeoutMs} ms`);
    if (req.signal?.aborted)
      throw new TransportError('unreachable', 'request aborted by the client');
    // Never include the URL or headers: the error may be logged, and they are not the browser's business.
    const code = causeCode(error);
    throw new TransportError(
      'unreachable',
      code ? `connection failed (${code})` : 'connection failed',
    );
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** The connection was closed under the request (not refused, not timed out). */
const RESET = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/** The system's or undici's code of a failed fetch (`ECONNREFUSED`, …), '' when it has none. */
function causeCode(error: unknown): string {
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : '';
  return typeof code === 'string' ? code : '';
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
