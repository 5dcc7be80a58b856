/**
 * The tx service's endpoints (docs/contracts.md, "Tx service") and the input rules its tables give.
 * The seed shows no REST failure envelope; docs/simulator/README.md, "What the seeds leave open" fixes it as HTTP 400
 * `{ code: 400, message: <text naming the field>, data: null }`. Rules the seed does not state
 * (supported chains, address formats) are the simulator's, not the gateway's: see lib/sim/tx.
 */
import { isSignableSecret } from './sign';
import { statusFailures, txFailure } from '../envelopes';
import type { Endpoint, EndpointRequest, Rejection, ServiceContract } from '../types';

/** `transfers/search` `tx_type`: all (empty), native coin transfers or token transfers. */
export const TX_TYPES = ['', 'native', 'token'] as const;
export type TxType = (typeof TX_TYPES)[number];

const bad = (message: string): Rejection => ({ status: 400, body: txFailure(400, message) });

type Body = Record<string, unknown>;

const isObject = (v: unknown): v is Body =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const absent = (v: unknown) => v === undefined || v === null;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Runs `check` on the JSON object body; a missing or malformed body is rejected first. */
function withBody(check: (body: Body) => Rejection | null) {
  return (request: EndpointRequest): Rejection | null =>
    request.body.kind === 'json' && isObject(request.body.value)
      ? check(request.body.value)
      : bad('body must be a JSON object');
}

function requiredString(body: Body, field: string, label = field): Rejection | null {
  if (absent(body[field]) || body[field] === '') return bad(`${label} is required`);
  return typeof body[field] === 'string' ? null : bad(`${label} must be a string`);
}

function requiredInt(value: unknown, label: string): Rejection | null {
  if (absent(value)) return bad(`${label} is required`);
  return isInt(value) ? null : bad(`${label} must be an integer`);
}

function optionalString(body: Body, field: string): Rejection | null {
  return absent(body[field]) || typeof body[field] === 'string'
    ? null
    : bad(`${field} must be a string`);
}

/** limit (1..100, default 20) and the id cursor of the transfer queries. */
function pageFields(body: Body): Rejection | null {
  const { limit, id } = body;
  if (!absent(limit) && !(isInt(limit) && limit >= 1 && limit <= 100)) {
    return bad('limit must be an integer between 1 and 100');
  }
  if (!absent(id) && !(isInt(id) && id >= 1)) return bad('id must be a positive integer');
  return null;
}

function stringList(value: unknown, label: string, min: number, max: number): Rejection | null {
  const range = max === Infinity ? `at least ${min}` : `${min} to ${max}`;
  if (absent(value)) return bad(`${label} is required`);
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    return bad(`${label} must be an array of ${range} addresses`);
  }
  const i = value.findIndex((a) => !nonEmpty(a));
  return i >= 0 ? bad(`${label}[${i}] must be a non-empty string`) : null;
}

/** Each group of a list (`addresses`, `wallets`) must be an object that passes `check`; `at` names it. */
function eachGroup(
  groups: readonly unknown[],
  label: string,
  check: (group: Body, at: string) => Rejection | null,
): Rejection | null {
  for (const [i, group] of groups.entries()) {
    const at = `${label}[${i}]`;
    if (!isObject(group)) return bad(`${at} must be an object`);
    const rejection = check(group, at);
    if (rejection) return rejection;
  }
  return null;
}

const validateSearch = withBody((body: Body): Rejection | null => {
  return (
    requiredString(body, 'address') ??
    optionalString(body, 'chain_type') ??
    (absent(body.chain_id) || isInt(body.chain_id) ? null : bad('chain_id must be an integer')) ??
    (absent(body.tx_type) || (TX_TYPES as readonly unknown[]).includes(body.tx_type)
      ? null
      : bad('tx_type must be one of "", "native", "token"')) ??
    optionalString(body, 'token') ??
    pageFields(body)
  );
});

const validateMultiChain = withBody((body: Body): Rejection | null => {
  const groups = body.addresses;
  if (absent(groups)) return bad('addresses is required');
  if (!Array.isArray(groups) || groups.length < 1 || groups.length > 10) {
    return bad('addresses must be an array of 1 to 10 groups');
  }
  return (
    eachGroup(
      groups,
      'addresses',
      (group, at) =>
        requiredString(group, 'chain_type', `${at}.chain_type`) ??
        requiredInt(group.chain_id, `${at}.chain_id`) ??
        stringList(group.address, `${at}.address`, 1, 20),
    ) ?? pageFields(body)
  );
});

const validateBatchGet = withBody((body: Body): Rejection | null => {
  const chain = requiredString(body, 'chain_type') ?? requiredInt(body.chain_id, 'chain_id');
  if (chain) return chain;
  const hashes = body.tx_hash;
  if (absent(hashes) || hashes === '' || (Array.isArray(hashes) && hashes.length === 0)) {
    return bad('tx_hash is required');
  }
  if (typeof hashes === 'string') return null;
  if (!Array.isArray(hashes) || !hashes.every(nonEmpty)) {
    return bad('tx_hash must be a string or an array of strings');
  }
  return null;
});

function validateGetTransaction(request: EndpointRequest): Rejection | null {
  const { query } = request;
  if (!nonEmpty(query.get('chain_type'))) return bad('chain_type is required');
  const chainId = query.get('chain_id');
  if (chainId === null || chainId === '') return bad('chain_id is required');
  return /^\d+$/.test(chainId) ? null : bad('chain_id must be an integer');
}

function validatePoolTrades(request: EndpointRequest): Rejection | null {
  const { query } = request;
  const chainType = query.get('chainType') ?? query.get('chain_type');
  if (!nonEmpty(chainType)) return bad('chainType is required');
  const chainId = query.get('chainId') ?? query.get('chain_id');
  if (chainId === null || chainId === '') return bad('chainId is required');
  if (!/^\d+$/.test(chainId)) return bad('chainId must be an integer');
  const limit = query.get('limit');
  if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100)) {
    return bad('limit must be an integer between 1 and 100');
  }
  return null;
}

/** POST addresses and POST addresses/batch-delete: `wallets`, at least 1 group, each with 1+ address. */
const validateWallets = withBody((body: Body): Rejection | null => {
  const wallets = body.wallets;
  if (absent(wallets)) return bad('wallets is required');
  if (!Array.isArray(wallets) || wallets.length < 1)
    return bad('wallets must contain at least 1 wallet group');
  return eachGroup(
    wallets,
    'wallets',
    (group, at) =>
      requiredString(group, 'chain_type', `${at}.chain_type`) ??
      stringList(group.address, `${at}.address`, 1, Infinity),
  );
});

const validatePatchAddresses = withBody((body: Body): Rejection | null => {
  const chain = requiredString(body, 'chain_type');
  if (chain) return chain;
  for (const field of ['adds', 'removes'] as const) {
    const list = body[field];
    if (absent(list)) continue;
    if (!Array.isArray(list)) return bad(`${field} must be an array of addresses`);
    const i = list.findIndex((a) => !nonEmpty(a));
    if (i >= 0) return bad(`${field}[${i}] must be a non-empty string`);
  }
  return null;
});

const validateContains = withBody((body: Body): Rejection | null => {
  return requiredString(body, 'chain_type') ?? requiredString(body, 'address');
});

/** PUT and POST app/config: all fields optional, typed per the seed's resource table. */
const validateAppConfig = withBody((body: Body): Rejection | null => {
  for (const field of ['enable_ws', 'enable_webhook', 'is_active'] as const) {
    if (body[field] !== undefined && typeof body[field] !== 'boolean')
      return bad(`${field} must be a boolean`);
  }
  const url = body.webhook_url;
  if (url !== undefined && url !== null && !isHttpUrl(url)) {
    return bad('webhook_url must be a valid http(s) URL or null');
  }
  const secret = body.webhook_secret;
  if (secret !== undefined && secret !== null && typeof secret !== 'string') {
    return bad('webhook_secret must be a string or null');
  }
  if (typeof secret === 'string' && !isSignableSecret(secret)) {
    return bad('webhook_secret must be printable ASCII (it is sent verbatim in the Sign header)');
  }
  const interval = body.ws_ack_resend_interval_seconds;
  if (interval !== undefined && !(isInt(interval) && interval >= 1)) {
    return bad('ws_ack_resend_interval_seconds must be a positive integer');
  }
  return null;
});

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** ws/replay: one `transaction` push message, `{ id, time, type, code, data: TransactionDetail, msg }`. */
const validateReplay = withBody((body: Body): Rejection | null => {
  if (body.type !== undefined && body.type !== 'transaction')
    return bad('type must be "transaction"');
  const data = body.data;
  if (!isObject(data)) return bad('data must be a transaction object');
  return (
    requiredString(data, 'chain_type', 'data.chain_type') ??
    requiredInt(data.chain_id, 'data.chain_id') ??
    requiredString(data, 'tx_hash', 'data.tx_hash')
  );
});

const endpoints: readonly Endpoint[] = [
  {
    id: 'tx.transfers.search',
    method: 'POST',
    path: '/transfers/search',
    auth: 'key',
    maxBodyBytes: 8 * 1024,
    validate: validateSearch,
  },
  {
    id: 'tx.transfers.multiChain',
    method: 'POST',
    path: '/transfers/multi-chain',
    auth: 'key',
    // 10 groups of 20 addresses (seed): ~15 KB
    maxBodyBytes: 64 * 1024,
    validate: validateMultiChain,
  },
  {
    id: 'tx.transactions.batchGet',
    method: 'POST',
    path: '/transactions/batch-get',
    auth: 'key',
    maxBodyBytes: 64 * 1024,
    validate: validateBatchGet,
  },
  // The seed leaves the key of this one open; every protected endpoint asks for it (docs/simulator/README.md, "What the seeds leave open").
  {
    id: 'tx.transactions.get',
    method: 'GET',
    path: '/transactions/:tx_hash',
    auth: 'key',
    // `no_cache` (seed) is not forwarded: it makes the upstream fetch from the chain on every call,
    // a lever for a visitor to spend the operator's quota; the dashboard never needs it.
    query: ['chain_type', 'chain_id'],
    validate: validateGetTransaction,
  },
  {
    id: 'tx.dexPools.trades',
    method: 'GET',
    path: '/dex-pools/:poolAddress/trades',
    auth: 'public',
    query: [
      { name: 'chainType', aliases: ['chain_type'] },
      { name: 'chainId', aliases: ['chain_id'] },
      'limit',
    ],
    validate: validatePoolTrades,
  },
  {
    id: 'tx.addresses.add',
    method: 'POST',
    path: '/addresses',
    auth: 'key',
    // The seed sets no count per call; 256 KB is ~2,500 EVM addresses.
    maxBodyBytes: 256 * 1024,
    mutates: true,
    validate: validateWallets,
  },
  {
    id: 'tx.addresses.batchDelete',
    method: 'POST',
    path: '/addresses/batch-delete',
    auth: 'key',
    maxBodyBytes: 256 * 1024,
    mutates: true,
    validate: validateWallets,
  },
  {
    id: 'tx.addresses.patch',
    method: 'PATCH',
    path: '/addresses',
    auth: 'key',
    maxBodyBytes: 256 * 1024,
    mutates: true,
    validate: validatePatchAddresses,
  },
  {
    id: 'tx.addresses.contains',
    method: 'POST',
    path: '/addresses/contains',
    auth: 'key',
    maxBodyBytes: 8 * 1024,
    validate: validateContains,
  },
  { id: 'tx.app.config.get', method: 'GET', path: '/app/config', auth: 'key' },
  {
    id: 'tx.app.config.put',
    method: 'PUT',
    path: '/app/config',
    auth: 'key',
    maxBodyBytes: 16 * 1024,
    mutates: true,
    validate: validateAppConfig,
  },
  {
    id: 'tx.app.config.post',
    method: 'POST',
    path: '/app/config',
    auth: 'key',
    maxBodyBytes: 16 * 1024,
    mutates: true,
    validate: validateAppConfig,
  },
  {
    id: 'tx.app.webhook.retryStatus',
    method: 'GET',
    path: '/app/webhook/retry/status',
    auth: 'key',
  },
  {
    id: 'tx.app.webhook.retry',
    method: 'POST',
    path: '/app/webhook/retry',
    auth: 'key',
    maxBodyBytes: 1024,
    mutates: true,
  },
  { id: 'tx.ws.status', method: 'GET', path: '/transaction/ws/status', auth: 'key' },
  {
    id: 'tx.ws.replay',
    method: 'POST',
    path: '/transaction/ws/replay',
    auth: 'key',
    // one push message: a TransactionDetail with its transfer and instruction lists, a few KB
    // (the simulator bounds every string and list of it: lib/sim/tx/bounds.ts)
    maxBodyBytes: 16 * 1024,
    mutates: true,
    validate: validateReplay,
  },
];

export const txContract: ServiceContract = {
  service: 'tx',
  prefix: '/tx/api/v1',
  endpoints,
  ...statusFailures('tx', txFailure),
};

export function txEndpoint(id: string): Endpoint {
  const endpoint = endpoints.find((e) => e.id === id);
  if (!endpoint) throw new Error(`unknown tx endpoint ${id}`);
  return endpoint;
}
