/** Refusals the gateway itself gives (not the upstream), each in the service's own envelope. */
import { klineFailure, priceFailure, txFailure } from '../../contracts/envelopes';
import { validationFailure } from '../../contracts/kline/endpoints';
import type { Rejection } from '../../contracts/types';
import type { Service } from '../../contracts/services';

export type RefusalKind =
  'bad-request' | 'unauthorized' | 'forbidden' | 'too-large' | 'rate-limited';

// The kline seed: 99001 covers "rate limit"; 10005 a malformed request.
const KLINE: Record<RefusalKind, { code: number; type: string }> = {
  'bad-request': { code: 10005, type: 'BadRequestError' },
  'too-large': { code: 10005, type: 'BadRequestError' },
  unauthorized: { code: 20001, type: 'UnauthorizedError' },
  forbidden: { code: 20002, type: 'ForbiddenError' },
  'rate-limited': { code: 99001, type: 'RateLimitError' },
};

export function refusal(
  service: Service,
  status: number,
  kind: RefusalKind,
  message: string,
): Rejection {
  switch (service) {
    case 'price':
      return { status, body: priceFailure(status, message) };
    case 'tx':
      return { status, body: txFailure(status, message) };
    case 'kline':
      return { status, body: klineFailure(KLINE[kind].code, message, KLINE[kind].type) };
  }
}

/** A query parameter given more than once: the service's own input-error shape. */
export function duplicateParam(service: Service, name: string): Rejection {
  const message = `${name} must be given once`;
  switch (service) {
    case 'price':
      return { status: 400, body: priceFailure(20001, message) };
    case 'tx':
      return { status: 400, body: txFailure(400, message) };
    case 'kline':
      return validationFailure({ [name]: ['Must be given once'] });
  }
}
