/**
 * Failure envelopes. They differ by service and even by endpoint; read the seeds to the letter:
 * price uses `msg` with `data: ""`, tx REST uses `message` with `data: null` (docs/simulator/README.md, "What the seeds leave open"),
 * kline uses `message` with an `error` object.
 */
import type { Service } from './services';
import type { ServiceContract } from './types';

export function priceFailure(code: number, msg: string): { code: number; msg: string; data: '' } {
  return { code, msg, data: '' };
}

export function txFailure(
  code: number,
  message: string,
): { code: number; message: string; data: null } {
  return { code, message, data: null };
}

/**
 * The gateway's own failures for a service whose failure code is the HTTP status (price, tx): an
 * unknown path or method (404), and the upstream down or failing, named.
 */
export function statusFailures(
  service: Service,
  failure: (code: number, text: string) => unknown,
): Pick<ServiceContract, 'notFound' | 'upstreamFailure'> {
  return {
    notFound: () => ({ status: 404, body: failure(404, 'not found') }),
    upstreamFailure: (status, reason) => ({
      status,
      body: failure(status, `${service} service unavailable: ${reason}`),
    }),
  };
}

export interface KlineFailure {
  code: number;
  message: string;
  error: {
    type: string;
    details?: { formErrors: string[]; fieldErrors: Record<string, string[]> };
  };
}

export function klineFailure(
  code: number,
  message: string,
  type: string,
  details?: KlineFailure['error']['details'],
): KlineFailure {
  return details ? { code, message, error: { type, details } } : { code, message, error: { type } };
}

/**
 * Success, as each service's envelope defines it — the one place this rule is written. Price and
 * kline succeed with `code: 0`; the tx service's transfer searches succeed with `code: 1` as well
 * (docs/contracts.md, "Envelopes"). Anything but a 2xx status is a failure whatever the body says.
 */
export function isSuccessEnvelope(service: Service, status: number, body: unknown): boolean {
  if (status < 200 || status >= 300) return false;
  const code = envelopeCode(body);
  return code === 0 || (service === 'tx' && code === 1);
}

/** The envelope's numeric `code`, or null when the body is not an envelope. */
export function envelopeCode(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** The failure's text: price writes `msg`, tx and kline `message`. */
export function envelopeMessage(body: unknown, status: number): string {
  const env = (typeof body === 'object' && body !== null ? body : {}) as {
    msg?: unknown;
    message?: unknown;
  };
  const text =
    typeof env.msg === 'string' ? env.msg : typeof env.message === 'string' ? env.message : '';
  return text || `HTTP ${status}`;
}
