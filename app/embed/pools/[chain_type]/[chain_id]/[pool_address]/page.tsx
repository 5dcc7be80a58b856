import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { parseWidget } from '@/lib/pools/params';
import { preloadFirstCandles } from '@/lib/pools/preload';
import { parsePoolRef } from '@/lib/pools/validate';
import { lookupPool } from '@/lib/pools/server';
import { summarize } from '@/lib/pools/summary';
import { PoolWidget } from '@/components/pools/pool-widget';

type Params = { chain_type: string; chain_id: string; pool_address: string };

export const metadata: Metadata = { title: 'Pool chart' };

export default async function EmbedPoolPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { chain_type, chain_id, pool_address } = await params;
  const parsed = parsePoolRef(chain_type, chain_id, pool_address);
  if (!parsed.ok) notFound();
  const options = parseWidget(await searchParams);
  const initialTo = preloadFirstCandles(parsed.ref, options.interval);
  const lookup = await lookupPool(parsed.ref);
  if (lookup.kind === 'missing') notFound();
  // When the price service is down the chart still loads (candles come from the kline service);
  // the header then shows the address instead of the pair.
  const summary = lookup.kind === 'found' ? summarize(lookup.pool) : null;
  return <PoolWidget pool={parsed.ref} summary={summary} options={options} initialTo={initialTo} />;
}
