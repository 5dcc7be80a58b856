import type { Metadata } from 'next';
import { parseWidget } from '@/lib/features/pools/params';
import { preloadFirstCandles } from '@/lib/features/pools/preload';
import { lookupPool } from '@/lib/features/pools/server';
import { summarize } from '@/lib/features/pools/summary';
import { parsePoolRef } from '@/lib/contracts/pool-ref-check';
import { PoolWidget } from '@/components/pools/pool-widget';
import { WidgetNotFound } from '@/components/pools/widget-not-found';

type Params = { chain_type: string; chain_id: string; pool_address: string };

export const metadata: Metadata = { title: 'Pool chart' };

export default async function EmbedPoolPage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { chain_type, chain_id, pool_address } = await params;
  const parsed = parsePoolRef(chain_type, chain_id, pool_address);
  if (!parsed.ok)
    return <WidgetNotFound message={`This embed code names no valid pool: ${parsed.reason}`} />;
  const options = parseWidget(await searchParams);
  const lookup = await lookupPool(parsed.ref);
  if (lookup.kind === 'missing') {
    const { chainType, chainId, address } = parsed.ref;
    return (
      <WidgetNotFound
        message={`No pool ${address} on ${chainType} chain ${chainId}: check the chain and the address in the embed code.`}
      />
    );
  }
  // When the price service is down the chart still loads (candles come from the kline service);
  // the header then shows the address instead of the pair.
  const summary = lookup.kind === 'found' ? summarize(lookup.pool) : null;
  // Emitted before the page's first byte leaves (the look-up above holds it), so it is in the head.
  const initialTo = preloadFirstCandles(parsed.ref, options.interval);
  return <PoolWidget pool={parsed.ref} summary={summary} options={options} initialTo={initialTo} />;
}
