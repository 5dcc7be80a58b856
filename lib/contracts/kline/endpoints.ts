/**
 * The kline service's REST endpoints (docs/contracts.md, "Kline service") and the input rules the seed
 * gives them. The two WebSocket paths are not REST: the gateway never forwards them as HTTP, so
 * they are exported as paths (`KLINE_WS_PATH`, `KLINE_TOPIC_WS_PATH`) rather than listed as endpoints.
 */
import { normalizeKlineChainType } from '../chain-types';
import { klineFailure, type KlineFailure } from '../envelopes';
import type { EndpointRequest, Rejection, ServiceContract } from '../types';

export const KLINE_PREFIX = '/kline/api/v1';
export const KLINE_WS_PATH = '/kline/ws';
export const KLINE_TOPIC_WS_PATH = '/ws/:topic';

export const KLINE_INTERVALS = ['1s', '1m', '15m', '1h', '4h', '1d', '1w', '1M', '1Y'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === 'string' && (KLINE_INTERVALS as readonly string[]).includes(value);
}

const OHLCV_LIMIT = { min: 1, max: 5000, default: 1000 } as const;
/** from/to above this are milliseconds (seed, Limits). */
const MILLISECOND_THRESHOLD = 10_000_000_000;

/** Lowercases and maps aliases; an unknown value passes through lowercased (it then matches no pool). */
export function normalizeChainType(raw: string): string {
  return normalizeKlineChainType(raw) ?? raw.trim().toLowerCase();
}

export interface OhlcvQuery {
  interval: KlineInterval;
  /** Unix seconds (milliseconds already converted) */
  from: number;
  to: number;
  limit: number;
  /** normalised */
  chainType: string;
  chainId: number;
  poolAddress: string;
}

type FieldErrors = Record<string, string[]>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };

const INVALID_PARAMS = 'Invalid query params';

export function validationFailure(fieldErrors: FieldErrors): Rejection {
  const body: KlineFailure = klineFailure(10001, INVALID_PARAMS, 'ValidationError', {
    formErrors: [],
    fieldErrors,
  });
  return { status: 400, body };
}

const INTEGER = /^-?\d+$/;

function intParam(value: string): number | null {
  if (!INTEGER.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** An optional query parameter given empty (`?limit=`) counts as absent. */
function optional(query: URLSearchParams, name: string): string | null {
  const value = query.get(name);
  return value === null || value === '' ? null : value;
}

const toSeconds = (t: number) => (t > MILLISECOND_THRESHOLD ? Math.floor(t / 1000) : t);

/** Parses `kline/ohlcv`; on failure every bad field is named in `fieldErrors`. */
export function parseOhlcvQuery(query: URLSearchParams): Parsed<OhlcvQuery> {
  const errors: FieldErrors = {};
  const fail = (field: string, reason: string) =>
    (errors[field] = [...(errors[field] ?? []), reason]);
  const required = (name: string): string | null => {
    const value = query.get(name);
    if (value === null || value.trim() === '') {
      fail(name, 'Required');
      return null;
    }
    return value;
  };

  const interval = required('interval');
  if (interval !== null && !isKlineInterval(interval))
    fail('interval', `Expected one of ${KLINE_INTERVALS.join(', ')}`);

  const times: Record<'from' | 'to', number | null> = { from: null, to: null };
  for (const name of ['from', 'to'] as const) {
    const raw = required(name);
    if (raw === null) continue;
    times[name] = intParam(raw);
    if (times[name] === null) fail(name, 'Expected an integer (Unix seconds or milliseconds)');
  }

  let limit: number = OHLCV_LIMIT.default;
  const rawLimit = optional(query, 'limit');
  if (rawLimit !== null) {
    const n = intParam(rawLimit);
    if (n === null) fail('limit', 'Expected an integer');
    else if (n < OHLCV_LIMIT.min || n > OHLCV_LIMIT.max)
      fail('limit', `Must be between ${OHLCV_LIMIT.min} and ${OHLCV_LIMIT.max}`);
    else limit = n;
  }

  const chainType = required('chain_type');
  const rawChainId = required('chain_id');
  const chainId = rawChainId === null ? null : intParam(rawChainId);
  if (rawChainId !== null && (chainId === null || chainId <= 0))
    fail('chain_id', 'Expected a positive integer');
  const poolAddress = required('pool_address');

  if (Object.keys(errors).length > 0) return { ok: false, rejection: validationFailure(errors) };
  return {
    ok: true,
    value: {
      interval: interval as KlineInterval,
      from: toSeconds(times.from as number),
      to: toSeconds(times.to as number),
      limit,
      chainType: normalizeChainType(chainType as string),
      chainId: chainId as number,
      poolAddress: (poolAddress as string).trim(),
    },
  };
}

/** Path parameters of the market endpoints: network 1..100 and address 1..200 characters. */
function checkMarketPath(params: Record<string, string>, errors: FieldErrors): void {
  const network = params.network ?? '';
  const address = params.address ?? '';
  if (network.length < 1 || network.length > 100) errors.network = ['Must be 1 to 100 characters'];
  if (address.length < 1 || address.length > 200) errors.address = ['Must be 1 to 200 characters'];
}

function checkBoolean(query: URLSearchParams, name: string, errors: FieldErrors): void {
  const value = optional(query, name);
  if (value !== null && value !== 'true' && value !== 'false')
    errors[name] = ["Expected 'true' or 'false'"];
}

function rejectIfAny(errors: FieldErrors): Rejection | null {
  return Object.keys(errors).length > 0 ? validationFailure(errors) : null;
}

const HOLDERS_LIMIT = { default: 10, max: 100 } as const;

/** `holders`: a positive integer string or `max`; larger numbers are capped at HOLDERS_LIMIT.max. */
export function parseHolders(query: URLSearchParams): number | null {
  const raw = optional(query, 'holders');
  if (raw === null) return HOLDERS_LIMIT.default;
  if (raw === 'max') return HOLDERS_LIMIT.max;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? Math.min(n, HOLDERS_LIMIT.max) : null;
}

function validateMarketPool(req: EndpointRequest): Rejection | null {
  const errors: FieldErrors = {};
  checkMarketPath(req.params, errors);
  checkBoolean(req.query, 'include_volume_breakdown', errors);
  checkBoolean(req.query, 'include_composition', errors);
  return rejectIfAny(errors);
}

function validateTopHolders(req: EndpointRequest): Rejection | null {
  const errors: FieldErrors = {};
  checkMarketPath(req.params, errors);
  if (parseHolders(req.query) === null) errors.holders = ["Expected a positive integer or 'max'"];
  checkBoolean(req.query, 'include_pnl_details', errors);
  return rejectIfAny(errors);
}

function validateCoin(req: EndpointRequest): Rejection | null {
  const errors: FieldErrors = {};
  checkMarketPath(req.params, errors);
  return rejectIfAny(errors);
}

export function klineNotFound(): Rejection {
  return { status: 404, body: klineFailure(10003, 'Resource not found', 'NotFoundError') };
}

export function klineUnauthorized(): Rejection {
  return { status: 401, body: klineFailure(20001, 'Unauthorized', 'UnauthorizedError') };
}

export function klineInternalError(): Rejection {
  return { status: 500, body: klineFailure(99001, 'Internal server error', 'InternalServerError') };
}

export const klineContract: ServiceContract = {
  service: 'kline',
  prefix: KLINE_PREFIX,
  endpoints: [
    {
      id: 'kline.ohlcv',
      method: 'GET',
      path: '/kline/ohlcv',
      auth: 'key',
      // `token` is ignored by the service (seed) and not forwarded.
      query: ['interval', 'from', 'to', 'limit', 'chain_type', 'chain_id', 'pool_address'],
      validate: (req) => {
        const parsed = parseOhlcvQuery(req.query);
        return parsed.ok ? null : parsed.rejection;
      },
    },
    {
      id: 'kline.market.pool',
      method: 'GET',
      path: '/market/pools/:network/:address',
      auth: 'key',
      query: ['include', 'include_volume_breakdown', 'include_composition'],
      validate: validateMarketPool,
    },
    {
      id: 'kline.market.topHolders',
      method: 'GET',
      path: '/market/tokens/:network/:address/top-holders',
      auth: 'key',
      query: ['holders', 'include_pnl_details'],
      validate: validateTopHolders,
    },
    {
      id: 'kline.market.coin',
      method: 'GET',
      path: '/market/coins/:network/:address',
      auth: 'key',
      validate: validateCoin,
    },
  ],
  notFound: klineNotFound,
  upstreamFailure: (status, reason) => ({
    status,
    body: klineFailure(99001, `kline service unavailable: ${reason}`, 'InternalServerError'),
  }),
};
