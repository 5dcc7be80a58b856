import type { Metadata } from 'next';
import { featuredPools } from '@/lib/config/featured-pools';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { chainOptions } from '@/lib/features/pools/chain-options';
import { preloadFirstCandles } from '@/lib/features/pools/preload';
import { listChains, lookupPool } from '@/lib/features/pools/server';
import { summarize } from '@/lib/features/pools/summary';
import { defaultCells, parseDesk } from '@/lib/features/workspace/params';
import { WorkspaceView, type FeaturedChoice } from '@/components/workspace/workspace-view';

export const metadata: Metadata = {
  title: 'Workspace',
  description: 'One, two or four live charts side by side, crosshair and time in step.',
};
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;

/**
 * The desk its URL names (lib/features/workspace/params.ts), its pools looked up here (the
 * gateway's hourly cache, shared with every other page) so that each cell paints its pair at once
 * and an unknown pool says so in its cell, and each chart's first candles preloaded.
 */
export default async function WorkspacePage({ searchParams }: { searchParams: Promise<Search> }) {
  const featured = featuredPools();
  const desk = parseDesk(await searchParams, defaultCells(featured));
  const refs = new Map<string, PoolRef>();
  for (const ref of [...desk.cells.flatMap((c) => (c ? [c.pool] : [])), ...featured])
    refs.set(poolKey(ref), ref);
  const [chains, ...lookups] = await Promise.all([
    listChains(),
    ...[...refs.values()].map((ref) => lookupPool(ref)),
  ]);
  const found = new Map<string, PoolObject | null>();
  [...refs.keys()].forEach((key, i) => {
    const lookup = lookups[i];
    // Left out when the price service did not answer: the cell asks again, its chart loads anyway.
    if (lookup?.kind === 'found') found.set(key, lookup.pool);
    else if (lookup?.kind === 'missing') found.set(key, null);
  });

  const cellKeys = new Set(desk.cells.flatMap((c) => (c ? [poolKey(c.pool)] : [])));
  const initialPools = Object.fromEntries([...found].filter(([key]) => cellKeys.has(key)));
  const choices: FeaturedChoice[] = featured.map((ref) => {
    const pool = found.get(poolKey(ref));
    return { ref, summary: pool ? summarize(pool) : null };
  });
  // The first window of each chart, fetched by the browser while it loads the scripts.
  const initialTo = desk.cells.map((cell) =>
    cell && found.get(poolKey(cell.pool)) !== null
      ? preloadFirstCandles(cell.pool, cell.interval)
      : null,
  );

  return (
    <WorkspaceView
      initialDesk={desk}
      featured={choices}
      initialPools={initialPools}
      chains={chainOptions(chains)}
      initialTo={initialTo}
    />
  );
}
