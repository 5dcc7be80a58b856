import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { parsePoolView, poolViewQuery } from '@/lib/features/pools/params';
import { preloadFirstCandles } from '@/lib/features/pools/preload';
import { poolKey, poolPath } from '@/lib/contracts/pool-ref';
import {
  firstCandles,
  firstWindowEnd,
  latestClose,
  liveQuote,
  lookupChain,
  lookupPool,
} from '@/lib/features/pools/server';
import { packCandles } from '@/lib/chart/rules/candles';
import { dexName } from '@/lib/features/pools/summary';
import { parsePoolRef } from '@/lib/contracts/pool-ref-check';
import { PoolView } from '@/components/pools/pool-view';
import { featuredPools } from '@/lib/config/featured-pools';

type Params = { chain_type: string; chain_id: string; pool_address: string };
type Search = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { chain_type, chain_id, pool_address } = await params;
  const parsed = parsePoolRef(chain_type, chain_id, pool_address);
  if (!parsed.ok) return { title: 'Pool not found' };
  // Same gateway cache entry as the page below: one upstream call for both.
  const lookup = await lookupPool(parsed.ref);
  if (lookup.kind !== 'found')
    return { title: lookup.kind === 'missing' ? 'Pool not found' : 'Pool' };
  const p = lookup.pool;
  return {
    title: `${p.base_token.symbol}/${p.quote_token.symbol} · ${dexName(p.dex)}`,
    description: `Live ${p.name} chart, trades and holders.`,
  };
}

export default async function PoolPage({
  params,
  searchParams,
}: {
  params: Promise<Params>;
  searchParams: Promise<Search>;
}) {
  const raw = await params;
  const parsed = parsePoolRef(raw.chain_type, raw.chain_id, raw.pool_address);
  if (!parsed.ok) notFound();
  const ref = parsed.ref;
  const view = parsePoolView(await searchParams, ref);
  // One spelling per pool (`ethereum` -> `evm`, hex in lowercase), so links and caches agree.
  if (
    raw.chain_type !== ref.chainType ||
    raw.chain_id !== String(ref.chainId) ||
    decode(raw.pool_address) !== ref.address
  ) {
    redirect(`${poolPath(ref)}${poolViewQuery(view)}`);
  }

  // The latest candle too: the header paints the live price at once, not the hourly snapshot's. And
  // the chart's first window, rendered into the page so its first paint needs no request.
  const to = firstWindowEnd();
  // And the quote token's live USD quote, which the dollar price is computed at (not the hourly
  // snapshot's: lib/features/pools/pricing.ts).
  const pool = lookupPool(ref);
  const [lookup, chain, live, candles, quote] = await Promise.all([
    pool,
    lookupChain(ref.chainType, ref.chainId),
    latestClose(ref),
    firstCandles(ref, view.interval, to),
    pool.then((l) => (l.kind === 'found' ? liveQuote(ref, l.pool) : null)),
  ]);
  if (lookup.kind === 'missing') notFound();
  // Without them (the kline service did not answer), the browser fetches them while it loads the
  // scripts: the preload goes out before the page's first byte (the look-ups above hold it).
  const initialTo = candles ? to : preloadFirstCandles(ref, view.interval);
  return (
    <PoolView
      key={poolPath(ref)}
      pool={ref}
      initialPool={lookup.kind === 'found' ? lookup.pool : null}
      initialError={lookup.kind === 'error' ? lookup.message : null}
      chain={chain ? { name: chain.name, explorerUrl: chain.explorer_url ?? null } : null}
      initialView={view}
      initialTo={initialTo}
      initialCandles={candles ? packCandles(candles) : null}
      initialLive={live}
      initialQuote={quote}
      suggestions={featuredPools().filter((p) => poolKey(p) !== poolKey(ref))}
    />
  );
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
