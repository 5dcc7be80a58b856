/** Chains, tokens and fiats: the catalogue endpoints. */
import { CHAINS } from '../catalogue';
import { isRecord, parseIntStrict } from '../core/http';
import { sameAddress } from './chain-type';
import { fiatItems, type FiatRates } from './fiats';
import { fail, ok, type PriceHandler } from './reply';
import { nativeToken, type TokenCatalogue, type TokenRecord } from './tokens';
import { chainItem, findChain, tokenDetailItem, tokenItem } from './views';

const MAX_LIMIT = 1_000;
const DEFAULT_LIMIT = 100;
const MAX_DETAIL_IDS = 100;

export const listChains: PriceHandler = () =>
  ok({ total: CHAINS.length, items: CHAINS.map(chainItem) });

export const getChain: PriceHandler = ({ params }) => {
  const chain = findChain(params.id_or_name ?? '');
  // The seed answers a missing chain with HTTP 200 and code 20002.
  if (!chain) return fail(20002, 'chain not found', 200);
  return ok({ total: 1, items: [chainItem(chain)] });
};

function given(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)?.trim();
  return value ? value : null;
}

export function listTokens(catalogue: TokenCatalogue): PriceHandler {
  return ({ query }) => {
    const chainParam = given(query, 'chain_id');
    const address = given(query, 'address');
    if (chainParam === null && address === null) {
      const rawPage = given(query, 'page');
      const rawLimit = given(query, 'limit');
      const page = rawPage === null ? 1 : parseIntStrict(rawPage);
      const limit = rawLimit === null ? DEFAULT_LIMIT : parseIntStrict(rawLimit);
      if (page === null || page < 1) return fail(20001, 'page must be a positive integer', 400);
      if (limit === null || limit < 1 || limit > MAX_LIMIT) {
        return fail(20001, `limit must be between 1 and ${MAX_LIMIT}`, 400);
      }
      const start = (page - 1) * limit;
      const items = catalogue.active.slice(start, start + limit).map(tokenItem);
      return ok({ total: catalogue.active.length, page, limit, items });
    }
    // Exact-match modes: no pagination, page 1 and limit = number of items (seed).
    const matches = exactMatches(catalogue, chainParam, address);
    return ok({
      total: matches.length,
      page: 1,
      limit: matches.length,
      items: matches.map(tokenItem),
    });
  };
}

function exactMatches(
  catalogue: TokenCatalogue,
  chainParam: string | null,
  address: string | null,
): TokenRecord[] {
  const chainId = chainParam === null ? null : parseIntStrict(chainParam);
  if (chainParam !== null && chainId === null) return [];
  if (address === null) {
    const native = chainId === null ? undefined : nativeToken(catalogue, chainId);
    return native ? [native] : [];
  }
  return catalogue.active.filter(
    (t) =>
      (chainId === null || t.chain.id === chainId) &&
      t.address !== null &&
      sameAddress(t.chain.chain_type, t.address, address),
  );
}

export function tokenDetails(catalogue: TokenCatalogue): PriceHandler {
  return ({ body }) => {
    // The contract has already answered the seed's errors; these are the simulator's own.
    if (body.kind !== 'json' || !isRecord(body.value)) return fail(20003, 'invalid JSON body', 400);
    const ids = body.value.ids as number[];
    if (ids.length > MAX_DETAIL_IDS) {
      return fail(20003, `ids must contain at most ${MAX_DETAIL_IDS} entries`, 400);
    }
    const items = [...new Set(ids)]
      .map((id) => catalogue.byId.get(id))
      .filter((t): t is TokenRecord => t !== undefined && t.active)
      .map(tokenDetailItem);
    return ok({ total: items.length, items });
  };
}

export function tokenPlatforms(catalogue: TokenCatalogue): PriceHandler {
  return ({ params }) => {
    const keyword = (params.keyword ?? '').trim().toLowerCase();
    let matches = catalogue.active.filter(
      (t) => t.address !== null && t.address.toLowerCase() === keyword,
    );
    if (matches.length === 0) {
      matches = catalogue.active.filter(
        (t) => t.name.toLowerCase() === keyword || t.symbol.toLowerCase() === keyword,
      );
    }
    return ok({ total: matches.length, items: matches.map(tokenItem) });
  };
}

export const listFiats: PriceHandler = () => {
  const items = fiatItems();
  return ok({ total: items.length, items });
};

export function fiatRates(rates: FiatRates): PriceHandler {
  return ({ params, now }) => {
    const items = rates.ratesFrom(params.base ?? '', now);
    return ok({ total: items.length, items });
  };
}
