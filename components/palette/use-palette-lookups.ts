'use client';
/**
 * The look-ups behind the palette's text, through the app's existing query factories (so a pool or
 * transaction found here is already in the cache of the page it opens): tokens by prefix over the
 * tab's token index at once, and after a pause in typing `tokens/platforms/{keyword}`, the pool
 * look-up on the chains of an address's format, and the transaction look-up on the chains of a
 * hash's format (lib/features/palette/lookups.ts bounds them). A replaced query's requests are
 * cancelled by React Query (each factory passes its signal on). A typed symbol or pair also finds the
 * featured and watched pools it names (lib/features/palette/pool-match.ts): their pool objects are
 * read once when the palette gets text (their keys do not depend on it, so typing more costs
 * nothing) and are the same cache entries as the Pools page's watchlist.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebouncedValue } from '@/lib/client/hooks/use-debounced-value';
import { ApiError } from '@/lib/client/api';
import { chainsQuery } from '@/lib/client/queries/price';
import type { TokenItem } from '@/lib/contracts/price/schema';
import { platformSearchQuery, tokenIndexQuery } from '@/lib/features/markets/queries';
import { classifyQuery, type QueryClass } from '@/lib/features/palette/classify';
import type { PoolHit, TxHit } from '@/lib/features/palette/groups';
import { platformKeyword, poolProbes, txProbes } from '@/lib/features/palette/lookups';
import { matchPools, type PoolCandidate } from '@/lib/features/palette/pool-match';
import { poolQuery } from '@/lib/features/pools/queries';
import { usePoolWatchlist } from '@/lib/features/pools/watchlist';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import { matchTokens } from '@/lib/features/tokens/search';
import { transactionQuery } from '@/lib/features/wallets/queries';

const LOOKUP_DEBOUNCE_MS = 250;
const MAX_TOKENS = 8;

export interface Lookups {
  q: QueryClass;
  tokens: TokenItem[];
  pools: PoolHit[];
  txs: TxHit[];
  /** chains whose look-up has not answered yet (0 when nothing is pending) */
  pending: number;
  /** a look-up failed for another reason than "not found" */
  failed: boolean;
  /** the token list for matching by prefix is still loading */
  indexLoading: boolean;
  /** how many chains a hash or an address was tried on */
  tried: { pools: number; txs: number };
}

/** A 4xx of a look-up (a hash malformed for that chain, say) is "not there", not an outage. */
const isAnswer = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export function usePaletteLookups(text: string, featured: readonly PoolRef[] = []): Lookups {
  const q = useMemo(() => classifyQuery(text), [text]);
  const settledText = useDebouncedValue(text, LOOKUP_DEBOUNCE_MS);
  const settled = useMemo(() => classifyQuery(settledText), [settledText]);
  const waiting = settledText !== text;

  const index = useQuery({ ...tokenIndexQuery, enabled: q.kind === 'text' });
  const keyword = platformKeyword(settled);
  const platforms = useQuery({ ...platformSearchQuery(keyword ?? ''), enabled: keyword !== null });
  const chains = useQuery({
    ...chainsQuery,
    enabled: settled.kind === 'address' || q.kind === 'text',
  });

  const watched = usePoolWatchlist((s) => s.pools);
  const reachable = useMemo(() => {
    const seen = new Set<string>();
    return [...featured, ...watched].filter((r) => {
      const key = poolKey(r);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [featured, watched]);
  const reachablePools = useQueries({
    queries: reachable.map((ref) => ({
      ...poolQuery(ref),
      refetchInterval: false as const,
      enabled: q.kind === 'text',
    })),
  });

  const poolList = useMemo(() => poolProbes(settled, chains.data ?? []), [settled, chains.data]);
  const pools = useQueries({
    queries: poolList.map((p) => ({ ...poolQuery(p.ref), refetchInterval: false as const })),
  });
  const txList = useMemo(() => txProbes(settled), [settled]);
  const hash = settled.kind === 'hash' ? settled.hash : '';
  const txs = useQueries({
    queries: txList.map((c) => transactionQuery(c.type, c.chainId ?? 0, hash)),
  });

  const found: TokenItem[] =
    q.kind === 'text' ? matchTokens(index.data ?? [], q.text, MAX_TOKENS) : [];
  if (!waiting && keyword !== null)
    for (const t of platforms.data ?? []) {
      if (found.length >= MAX_TOKENS) break;
      if (!found.some((f) => f.id === t.id)) found.push(t);
    }
  const candidates: PoolCandidate[] = [];
  reachablePools.forEach((r, i) => {
    const ref = reachable[i];
    if (!ref || !r.data) return;
    const chain =
      chains.data?.find((c) => c.chain_type === ref.chainType && c.chain_id === ref.chainId)
        ?.name ?? `${ref.chainType.toUpperCase()} ${ref.chainId}`;
    candidates.push({
      ref: { chainType: ref.chainType, chainId: ref.chainId, address: ref.address },
      chain,
      pool: r.data,
    });
  });
  const poolHits: PoolHit[] = matchPools(q, candidates);
  const txHits: TxHit[] = [];
  let pending = 0;
  let failed = false;
  if (!waiting) {
    pools.forEach((r, i) => {
      const probe = poolList[i];
      if (r.isPending) pending++;
      else if (r.isError && !isAnswer(r.error)) failed = true;
      if (probe && r.data) poolHits.push({ probe, pool: r.data });
    });
    txs.forEach((r, i) => {
      const chain = txList[i];
      if (r.isPending) pending++;
      else if (r.isError && !isAnswer(r.error)) failed = true;
      if (chain && r.data) txHits.push({ chain, hash, tx: r.data });
    });
    if (keyword !== null && platforms.isPending) pending++;
    if (settled.kind === 'address' && chains.isPending) pending++;
    if (platforms.isError && !isAnswer(platforms.error)) failed = true;
  } else if (q.kind === 'address' || q.kind === 'hash') {
    pending = 1;
  }
  return {
    q,
    tokens: found,
    pools: poolHits,
    txs: txHits,
    pending,
    failed,
    indexLoading: q.kind === 'text' && index.isPending,
    tried: { pools: poolList.length, txs: txList.length },
  };
}
