import type { Metadata } from 'next';
import { featuredPools } from '@/lib/config/featured-pools';
import { poolPath, type PoolRef } from '@/lib/contracts/pool-ref';
import { listChains, lookupPool, type PoolLookup } from '@/lib/features/pools/server';
import { summarize } from '@/lib/features/pools/summary';
import { chainOptions } from '@/lib/features/pools/chain-options';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { FeaturedPools, type FeaturedRow } from '@/components/pools/featured-pools';
import { OpenPoolForm } from '@/components/pools/open-pool-form';
import { WatchedPools } from '@/components/pools/watched-pools';

export const metadata: Metadata = { title: 'Pools' };
export const dynamic = 'force-dynamic';

export default async function PoolsPage() {
  const featured = featuredPools();
  const [chains, ...lookups] = await Promise.all([
    listChains(),
    ...featured.map((p) => lookupPool(p)),
  ]);
  const chainName = (ref: PoolRef) =>
    chains?.find((c) => c.chain_type === ref.chainType && c.chain_id === ref.chainId)?.name ??
    `${ref.chainType} ${ref.chainId}`;

  const rows: FeaturedRow[] = featured.map((ref, i) => {
    const lookup = lookups[i] as PoolLookup;
    return {
      ref,
      href: poolPath(ref),
      address: ref.address,
      network: chainName(ref),
      lookup: lookup.kind === 'found' ? { kind: 'found', pool: summarize(lookup.pool) } : lookup,
    };
  });

  return (
    <>
      <PageHeader title="Pools" subtitle="DEX pools with live candle charts, trades and holders." />
      <Panel title="Open a pool" className="mb-3">
        <OpenPoolForm chains={chainOptions(chains)} />
      </Panel>
      <Panel title="Featured pools">
        {featured.length === 0 ? (
          <p className="p-4 text-center text-12 text-muted">
            No featured pools are configured (FEATURED_POOLS).
          </p>
        ) : (
          <FeaturedPools rows={rows} />
        )}
      </Panel>
      {/* Below the featured pools: it is this browser's, so it appears after hydration and must not move them. */}
      <WatchedPools />
    </>
  );
}
