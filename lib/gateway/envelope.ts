/** Refusals the gateway itself gives (not the upstream), each in the service's own envelope. */
import { klineFailure, priceFailure, txFailure } from '../contracts/envelopes';
import type { Rejection } from '../contracts/types';
import type { Service } from '../upstream/services';

export type RefusalKind = 'bad-request' | 'unauthorized' | 'forbidden';

const KLINE: Record<RefusalKind, { code: number; type: string }> = {
  'bad-request': { code: 10005, type: 'BadRequestError' },
  unauthorized: { code: 20001, type: 'UnauthorizedError' },
  forbidden: { code: 20002, type: 'ForbiddenError' },
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
