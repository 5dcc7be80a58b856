/**
 * Browser-side calls to the gateway (`/api/{service}/v1/...`). The envelopes differ by service and by
 * endpoint (price `msg`, tx and kline `message`; tx transfer searches succeed with code 1); the
 * success rule is the contracts' one (lib/contracts/envelopes.ts).
 */
import { envelopeMessage, isSuccessEnvelope } from '../contracts/envelopes';
import type { Service } from '../contracts/services';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly service: Service,
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

interface Envelope {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

export async function api<T = unknown>(
  service: Service,
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/${service}/v1${path}`, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(service, 0, null, 'Network error: the dashboard server did not answer.');
  }
  const env = (await response.json().catch(() => null)) as Envelope | null;
  if (!env || !isSuccessEnvelope(service, response.status, env)) {
    throw new ApiError(
      service,
      response.status,
      typeof env?.code === 'number' ? env.code : null,
      envelopeMessage(env, response.status),
    );
  }
  return env.data as T;
}
