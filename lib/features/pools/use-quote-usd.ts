'use client';
/**
 * The quote token's USD price for a pool's dollar figures (lib/features/pools/pricing.ts): its live
 * quote, polled every 3 seconds while the tab is visible (one `quotes/latest` per pool and window for
 * every viewer: the gateway caches it 3 s), from the quote the server read for the first paint.
 * Without that, the token is found once by chain and address (the `tokens` exact match).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../client/api';
import { POLL_MS, chainsQuery } from '../../client/queries/price';
import type { PoolRef } from '../../contracts/pool-ref';
import type { QuoteLatestItem, TokensData } from '../../contracts/price/schema';
import {
  internalChainId,
  pickQuoteUsd,
  quotePath,
  tokenIdOf,
  tokenLookupPath,
  type LiveQuote,
  type QuoteUsd,
} from './pricing';

/** A token's id by chain (the price service's internal id) and address; null when it knows none. */
const tokenIdQuery = (chainId: number | null, address: string) =>
  queryOptions({
    queryKey: ['price', 'token-id', chainId, address],
    queryFn: async ({ signal }) => {
      if (chainId === null) return null;
      const data = await api<TokensData>('price', tokenLookupPath(chainId, address), { signal });
      return tokenIdOf(data.items, address);
    },
    enabled: chainId !== null && address !== '',
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });

/** One token's USD quote, every 3 s (the same URL for every viewer: one upstream call per window). */
const usdQuoteQuery = (tokenId: number | null) =>
  queryOptions({
    queryKey: ['price', 'usd-quote', tokenId],
    queryFn: async ({ signal }): Promise<LiveQuote | null> => {
      if (tokenId === null) return null;
      const data = await api<{ items: QuoteLatestItem[] }>('price', quotePath(tokenId), {
        signal,
      });
      const item = data.items.find((q) => q.token_id === tokenId);
      return item ? { tokenId, usd: item.price, at: Date.now() } : null;
    },
    enabled: tokenId !== null,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: POLL_MS,
  });

/**
 * Where a pool page's components read the quote from (each calls `useQuoteUsd` with it, so only the
 * figures that use the quote render again when it moves, not the page that holds them).
 */
export interface QuoteUsdFrom {
  ref: Pick<PoolRef, 'chainType' | 'chainId'>;
  token: { address: string; snapshotUsd: string } | null;
  initial?: LiveQuote | null;
}

/**
 * What the page reads of a poll: the price, not the time it was read (in the data, that time made
 * every poll a change, and the pool page rendered again every 3 s for the same price).
 */
const priceOnly = (q: LiveQuote | null): { usd: string } | null => (q ? { usd: q.usd } : null);

export function useQuoteUsd(
  ref: Pick<PoolRef, 'chainType' | 'chainId'>,
  quote: { address: string; snapshotUsd: string } | null,
  initial?: LiveQuote | null,
): QuoteUsd | null {
  const known = initial?.tokenId ?? null;
  const chains = useQuery({ ...chainsQuery, enabled: known === null && quote !== null }).data;
  const found = useQuery({
    ...tokenIdQuery(known === null ? internalChainId(chains, ref) : null, quote?.address ?? ''),
  }).data;
  const tokenId = known ?? found ?? null;
  const live = useQuery({
    ...usdQuoteQuery(tokenId),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: initial.at } : {}),
    select: priceOnly,
  }).data;
  const usd = live?.usd;
  const snapshotUsd = quote?.snapshotUsd;
  // One object while the price holds: its readers (the pool header, the trades, a workspace cell)
  // render again only when it moves, not at every poll.
  return useMemo(
    () =>
      snapshotUsd === undefined
        ? null
        : pickQuoteUsd(snapshotUsd, usd === undefined ? null : { usd }),
    [snapshotUsd, usd],
  );
}
