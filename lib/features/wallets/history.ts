/**
 * History queries (transfers/search and transfers/multi-chain): the form's rules, checked before any
 * call (limit 1..100, at most 10 groups and 20 addresses a group, addresses valid for their chain),
 * the request bodies, the query-string form of a query, and the seed's cursor rule.
 */
import { checkAddress, type AddressFamily } from '../../core/address';
import { TX_TYPES, type TxType } from '../../contracts/tx/endpoints';
import { familyOf, txChain } from './chains';
import { splitAddressList } from './parse';

export const MAX_GROUPS = 10;
export const MAX_GROUP_ADDRESSES = 20;
export const DEFAULT_LIMIT = 20;
/** transfers/search and multi-chain take 1..100 rows a page. */
const MAX_LIMIT = 100;
export { type TxType };

interface SearchQuery {
  mode: 'address';
  address: string;
  /** null: across every chain of the address's format */
  chainType: string | null;
  txType: TxType;
  token: string;
  limit: number;
}

export interface GroupInput {
  chainType: string;
  chainId: number | null;
  /** raw text: one or many addresses */
  addresses: string;
}

export interface MultiQuery {
  mode: 'multi';
  groups: GroupInput[];
  limit: number;
}

export type HistoryQuery = SearchQuery | MultiQuery;

export type FieldErrors = Record<string, string>;

const FAMILIES: readonly AddressFamily[] = ['evm', 'solana', 'tron', 'bitcoin'];

/** The family an address belongs to, whatever chain it was typed for; null when none accepts it. */
export function detectFamily(address: string): AddressFamily | null {
  return FAMILIES.find((f) => checkAddress(f, address).ok) ?? null;
}

function limitError(limit: number): string | null {
  return Number.isInteger(limit) && limit >= 1 && limit <= 100
    ? null
    : 'Limit must be a whole number from 1 to 100.';
}

export function validateHistory(q: HistoryQuery): FieldErrors {
  const errors: FieldErrors = {};
  const limit = limitError(q.limit);
  if (limit) errors.limit = limit;
  if (q.mode === 'address') {
    const address = q.address.trim();
    if (!address) errors.address = 'Enter an address.';
    else if (q.chainType) {
      const family = familyOf(q.chainType);
      const check = family ? checkAddress(family, address) : null;
      if (check && !check.ok)
        errors.address = `Not a valid ${q.chainType} address: ${check.reason}.`;
    } else if (!detectFamily(address)) {
      errors.address = 'Not an address of a supported chain (EVM, Solana, Tron or Bitcoin).';
    }
    if (q.token.trim() && /\s/.test(q.token.trim()))
      errors.token = 'A token filter is one contract address (the mint on Solana).';
    // A symbol finds nothing (the service matches contracts): say so instead of an empty result.
    else if (/^\$?[A-Za-z][A-Za-z0-9.]{0,11}$/.test(q.token.trim()) && !/^0x/i.test(q.token.trim()))
      errors.token = `“${q.token.trim()}” looks like a symbol: this filter takes the token's contract address (the mint on Solana), shown on its token page.`;
    return errors;
  }
  if (q.groups.length === 0) errors.groups = 'Add at least one group.';
  if (q.groups.length > MAX_GROUPS) errors.groups = `At most ${MAX_GROUPS} groups per query.`;
  q.groups.forEach((g, i) => {
    const chain = txChain(g.chainType);
    if (!chain || chain.type === 'evm') errors[`groups.${i}.chainType`] = 'Choose a chain.';
    if (g.chainId === null || !Number.isSafeInteger(g.chainId) || g.chainId < 0)
      errors[`groups.${i}.chainId`] = 'Chain id must be a whole number.';
    const list = splitAddressList(g.addresses);
    if (list.length === 0) errors[`groups.${i}.addresses`] = 'Enter at least one address.';
    else if (list.length > MAX_GROUP_ADDRESSES)
      errors[`groups.${i}.addresses`] =
        `At most ${MAX_GROUP_ADDRESSES} addresses per group (${list.length} given).`;
    else if (chain) {
      const bad = list.map((a) => ({ a, c: checkAddress(chain.family, a) })).find((x) => !x.c.ok);
      if (bad && !bad.c.ok)
        errors[`groups.${i}.addresses`] =
          `"${bad.a}" is not a valid ${chain.type} address: ${bad.c.reason}.`;
    }
  });
  return errors;
}

export function requestOf(
  q: HistoryQuery,
  cursor: number | undefined,
): { path: string; body: Record<string, unknown> } {
  const page = { limit: q.limit, ...(cursor !== undefined ? { id: cursor } : {}) };
  if (q.mode === 'address') {
    return {
      path: '/transfers/search',
      body: {
        address: q.address.trim(),
        ...(q.chainType ? { chain_type: q.chainType } : {}),
        ...(q.txType ? { tx_type: q.txType } : {}),
        ...(q.token.trim() ? { token: q.token.trim() } : {}),
        ...page,
      },
    };
  }
  return {
    path: '/transfers/multi-chain',
    body: {
      addresses: q.groups.map((g) => ({
        chain_type: g.chainType,
        chain_id: g.chainId,
        address: splitAddressList(g.addresses),
      })),
      ...page,
    },
  };
}

/** The wallets a query is about (to tell in from out in its rows). */
export function walletsOf(q: HistoryQuery): string[] {
  return q.mode === 'address'
    ? [q.address.trim()]
    : q.groups.flatMap((g) => splitAddressList(g.addresses));
}

// ---- query string ---------------------------------------------------------------------------------

/** A link's `limit`, clamped to the service's range (1..100): a hand-edited 5000 reads 100. */
function clampLimit(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Number(raw)));
}

export function historyFromParams(params: URLSearchParams): HistoryQuery | null {
  const limit = clampLimit(params.get('limit'));
  if (params.get('mode') === 'multi') {
    const raw = params.get('groups') ?? '';
    const groups = raw
      .split(';')
      .filter(Boolean)
      .map((part): GroupInput => {
        const [chainType = '', chainId = '', addresses = ''] = part.split(':');
        return {
          chainType,
          chainId: /^\d+$/.test(chainId) ? Number(chainId) : null,
          addresses: addresses.split(',').join('\n'),
        };
      });
    return groups.length ? { mode: 'multi', groups, limit } : null;
  }
  const address = params.get('address');
  if (!address) return null;
  const type = params.get('type') ?? '';
  return {
    mode: 'address',
    address,
    chainType: params.get('hchain') || null,
    txType: (TX_TYPES as readonly string[]).includes(type) ? (type as TxType) : '',
    token: params.get('token') ?? '',
    limit,
  };
}

export function historyToParams(q: HistoryQuery): Record<string, string | null> {
  if (q.mode === 'multi') {
    const groups = q.groups
      .map((g) => `${g.chainType}:${g.chainId ?? ''}:${splitAddressList(g.addresses).join(',')}`)
      .join(';');
    return {
      mode: 'multi',
      groups,
      limit: String(q.limit),
      address: null,
      hchain: null,
      type: null,
      token: null,
    };
  }
  return {
    mode: null,
    groups: null,
    address: q.address.trim(),
    hchain: q.chainType,
    type: q.txType || null,
    token: q.token.trim() || null,
    limit: q.limit === DEFAULT_LIMIT ? null : String(q.limit),
  };
}
