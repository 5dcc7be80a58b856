/** Quotes and pools: the endpoints whose figures move with the simulator clock. */
import { CHAINS, type SimPool } from '../catalogue';
import { isRecord, parseIntStrict } from '../core/http';
import type { Market } from '../market';
import type { PoolObject } from '../../contracts/price/schema';
import { normalizePriceChainType } from '../../contracts/chain-types';
import { findFiat, type Fiat, type FiatRates } from './fiats';
import { buildPoolObject, findPool } from './pool-object';
import type { QuoteBook } from './quotes';
import { fail, ok, type PriceHandler } from './reply';
import type { TokenCatalogue, TokenRecord } from './tokens';

const QUOTES_CACHE_CONTROL = 'public, max-age=3, s-maxage=3';

/** A known fiat with rate data, or the 20001 answer (the seed does not list this error). */
function quoteFiat(
  raw: unknown,
  rates: FiatRates,
  now: number,
): { fiat: Fiat; perUsd: number } | Response {
  const code = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : 'USD';
  const fiat = findFiat(code);
  const perUsd = fiat ? rates.perUsd(fiat, now) : null;
  if (!fiat || perUsd === null) return fail(20001, `unsupported fiat: ${code.toUpperCase()}`, 400);
  return { fiat, perUsd };
}

export function quotesLatest(
  catalogue: TokenCatalogue,
  book: QuoteBook,
  rates: FiatRates,
): PriceHandler {
  return ({ query, now }) => {
    const target = quoteFiat(query.get('fiat'), rates, now);
    if (target instanceof Response) return target;
    const ids = new Set<number>();
    for (const part of (query.get('ids') ?? '').split(',')) {
      const id = parseIntStrict(part.trim());
      if (id !== null && id > 0) ids.add(id);
    }
    const items = [];
    for (const id of ids) {
      const token = catalogue.byId.get(id);
      if (token?.active) items.push(book.latestItem(token, target.fiat, target.perUsd, now));
    }
    return ok({ items }, { 'cache-control': QUOTES_CACHE_CONTROL });
  };
}

export function quotesBatch(
  catalogue: TokenCatalogue,
  book: QuoteBook,
  rates: FiatRates,
): PriceHandler {
  let index: Map<string, TokenRecord> | null = null;
  const addressKey = (chainId: number, evm: boolean, address: string) =>
    `${chainId}|${evm ? address.toLowerCase() : address}`;
  const lookup = (chainId: number, evm: boolean, address: string) => {
    if (!index) {
      index = new Map();
      for (const t of catalogue.active) {
        if (t.address !== null)
          index.set(addressKey(t.chain.id, t.chain.chain_type === 'evm', t.address), t);
      }
    }
    return index.get(addressKey(chainId, evm, address));
  };

  return ({ body, now }) => {
    // The contract has checked the body's shape; only data-dependent answers are left here.
    const value = body.kind === 'json' && isRecord(body.value) ? body.value : {};
    const target = quoteFiat(value.fiat, rates, now);
    if (target instanceof Response) return target;
    const entries = Array.isArray(value.token_addrs)
      ? (value.token_addrs as Record<string, unknown>[])
      : [];
    const seen = new Set<number>();
    const items = [];
    for (const entry of entries) {
      const chainType =
        typeof entry.chain_type === 'string' ? normalizePriceChainType(entry.chain_type) : null;
      const address = typeof entry.token_address === 'string' ? entry.token_address.trim() : '';
      const chainId = typeof entry.chain_id === 'number' ? entry.chain_id : null;
      if (chainType === null || address === '') continue;
      // EVM needs chain_id to tell its chains apart; without it the entry matches nothing.
      if (chainType === 'evm' && chainId === null) continue;
      for (const chain of CHAINS) {
        if (chain.chain_type !== chainType || (chainId !== null && chain.chain_id !== chainId))
          continue;
        const token = lookup(chain.id, chainType === 'evm', address);
        if (token && !seen.has(token.id)) {
          seen.add(token.id);
          items.push(book.batchItem(token, target.perUsd, now));
        }
      }
    }
    return ok({ items });
  };
}

/**
 * The seed caches pool results for an hour; serving the snapshot as of the start of the current UTC
 * hour gives the same answer from every process, and the memo only saves the work.
 */
export function getPool(market: Market): PriceHandler {
  const memo = new Map<string, PoolObject>();
  let memoHour = -1;
  return ({ query, now }) => {
    const chainType = normalizePriceChainType(query.get('chain_type') ?? '');
    const chainId = parseIntStrict((query.get('chain_id') ?? '').trim());
    const address = (query.get('pool_address') ?? '').trim();
    const pool: SimPool | undefined =
      chainType === null || chainId === null ? undefined : findPool(chainType, chainId, address);
    if (!pool) return ok(null);
    const hour = now - (now % 3_600);
    if (hour !== memoHour) {
      memo.clear();
      memoHour = hour;
    }
    const key = `${pool.chain}|${pool.address}`;
    let object = memo.get(key);
    if (!object) {
      try {
        object = buildPoolObject(market, pool, hour);
      } catch (error) {
        console.error('[sim] price: pool snapshot failed', pool.address, error);
        return fail(30001, 'Failed to fetch pool data', 503);
      }
      memo.set(key, object);
    }
    return ok(object);
  };
}
