/** The price service's envelope: `{ code, msg, data }`, `data: ""` on every failure. */
import { priceFailure } from '../../contracts/envelopes';
import type { EndpointRequest, Rejection } from '../../contracts/types';
import { json } from '../core/http';

interface PriceRequest extends EndpointRequest {
  /** the simulator clock, Unix seconds */
  now: number;
}

export type PriceHandler = (request: PriceRequest) => Response;

export function ok(data: unknown, headers: Record<string, string> = {}): Response {
  return json({ code: 0, msg: 'success', data }, 200, headers);
}

export function fail(code: number, msg: string, status: number): Response {
  return json(priceFailure(code, msg), status);
}

export function rejection(r: Rejection): Response {
  return json(r.body, r.status);
}
