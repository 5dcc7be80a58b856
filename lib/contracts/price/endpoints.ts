/**
 * The price service's endpoints (docs/contracts.md, "Price service") and the input errors the seed gives
 * for them. Only seed-documented errors live here; the simulator adds the rules of
 * docs/simulator/README.md, "What the seeds leave open" (page/limit, the 100-id cap) and data-dependent answers on top.
 */
import { priceFailure, statusFailures } from '../envelopes';
import type { Endpoint, EndpointRequest, Rejection, ServiceContract } from '../types';

/** 20001 and 20003 are input errors: HTTP 400 (docs/simulator/README.md, "What the seeds leave open"). */
function reject(code: 20001 | 20003, msg: string): Rejection {
  return { status: 400, body: priceFailure(code, msg) };
}

/** A query parameter that is absent or blank counts as missing. */
function missing(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value === null || value.trim() === '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * POST quotes/batch. A body that is not valid JSON, or whose fields have the wrong JSON types (what a
 * typed decoder refuses), is `invalid JSON body`; no body, `null`, or a missing/null/empty
 * `token_addrs` is `token_addrs is required`.
 */
function validateQuotesBatch(request: EndpointRequest): Rejection | null {
  const { body } = request;
  if (body.kind === 'invalid') return reject(20003, 'invalid JSON body');
  const value = body.kind === 'json' ? body.value : null;
  if (value === null) return reject(20003, 'token_addrs is required');
  if (!isObject(value)) return reject(20003, 'invalid JSON body');
  const addrs = value.token_addrs;
  if (addrs === undefined || addrs === null) return reject(20003, 'token_addrs is required');
  if (!Array.isArray(addrs)) return reject(20003, 'invalid JSON body');
  if (addrs.length === 0) return reject(20003, 'token_addrs is required');
  if (value.fiat !== undefined && value.fiat !== null && typeof value.fiat !== 'string') {
    return reject(20003, 'invalid JSON body');
  }
  for (const entry of addrs) {
    if (!isObject(entry)) return reject(20003, 'invalid JSON body');
    const { chain_type, chain_id, token_address } = entry;
    if (chain_type !== undefined && chain_type !== null && typeof chain_type !== 'string') {
      return reject(20003, 'invalid JSON body');
    }
    if (
      token_address !== undefined &&
      token_address !== null &&
      typeof token_address !== 'string'
    ) {
      return reject(20003, 'invalid JSON body');
    }
    if (
      chain_id !== undefined &&
      chain_id !== null &&
      !(typeof chain_id === 'number' && Number.isSafeInteger(chain_id))
    ) {
      return reject(20003, 'invalid JSON body');
    }
  }
  return null;
}

/**
 * POST tokens/details: `ids` must be a non-empty array of positive integers (JSON numbers). No body,
 * `null`, or a missing/null/empty `ids` is `ids is required`; anything else that is not such an array
 * is `ids must be positive integers`.
 */
function validateTokenDetails(request: EndpointRequest): Rejection | null {
  const { body } = request;
  // Malformed or non-object bodies are not in the seed for this endpoint: the service answers them.
  if (body.kind === 'invalid') return null;
  const value = body.kind === 'json' ? body.value : null;
  if (value === null) return reject(20003, 'ids is required');
  if (!isObject(value)) return null;
  const ids = value.ids;
  if (ids === undefined || ids === null || (Array.isArray(ids) && ids.length === 0)) {
    return reject(20003, 'ids is required');
  }
  if (
    !Array.isArray(ids) ||
    !ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
  ) {
    return reject(20003, 'ids must be positive integers');
  }
  return null;
}

const endpoints: readonly Endpoint[] = [
  { id: 'price.chains.list', method: 'GET', path: '/chains', auth: 'key' },
  { id: 'price.chains.get', method: 'GET', path: '/chains/:id_or_name', auth: 'key' },
  {
    id: 'price.quotes.latest',
    method: 'GET',
    path: '/quotes/latest',
    auth: 'key',
    cacheSeconds: 3,
    query: ['ids', 'fiat'],
    validate: ({ query }) => (missing(query, 'ids') ? reject(20001, 'ids is required') : null),
  },
  {
    id: 'price.quotes.batch',
    method: 'POST',
    path: '/quotes/batch',
    auth: 'key',
    // The seed sets no count; 1,000 addresses of ~120 bytes each is far beyond any page of ours.
    maxBodyBytes: 128 * 1024,
    validate: validateQuotesBatch,
  },
  {
    id: 'price.tokens.list',
    method: 'GET',
    path: '/tokens',
    auth: 'key',
    query: ['chain_id', 'address', 'page', 'limit'],
  },
  {
    id: 'price.tokens.details',
    method: 'POST',
    path: '/tokens/details',
    auth: 'key',
    // at most 100 ids (seed): ~1 KB; room for whitespace
    maxBodyBytes: 8 * 1024,
    validate: validateTokenDetails,
  },
  { id: 'price.tokens.platforms', method: 'GET', path: '/tokens/platforms/:keyword', auth: 'key' },
  { id: 'price.fiats.list', method: 'GET', path: '/fiats', auth: 'key' },
  { id: 'price.fiats.rates', method: 'GET', path: '/fiats/rates/:base', auth: 'key' },
  {
    id: 'price.pools.get',
    method: 'GET',
    path: '/pools',
    auth: 'key',
    cacheSeconds: 3600,
    query: ['chain_type', 'chain_id', 'pool_address'],
    validate: ({ query }) => {
      for (const name of ['chain_type', 'chain_id', 'pool_address']) {
        if (missing(query, name)) return reject(20001, `${name} is required`);
      }
      return null;
    },
  },
];

export const priceContract: ServiceContract = {
  service: 'price',
  prefix: '/price/api/v1',
  endpoints,
  ...statusFailures('price', priceFailure),
};
