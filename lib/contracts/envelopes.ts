/**
 * Failure envelopes. They differ by service and even by endpoint; read the seeds to the letter:
 * price uses `msg` with `data: ""`, tx REST uses `message` with `data: null` (shared/SIMULATOR.md),
 * kline uses `message` with an `error` object.
 */
export function priceFailure(code: number, msg: string): { code: number; msg: string; data: '' } {
  return { code, msg, data: '' };
}

export function txFailure(
  code: number,
  message: string,
): { code: number; message: string; data: null } {
  return { code, message, data: null };
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
