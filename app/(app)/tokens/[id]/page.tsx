import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listChains } from '@/lib/features/pools/server';
import { lookupToken, lookupTokenMarkets } from '@/lib/features/tokens/server';
import { TokenView } from '@/components/tokens/token-view';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { EmptyState } from '@/components/ui/empty-state';

type Params = { id: string };

/** A token id is a positive integer; anything else is not a page. */
function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const id = parseId((await params).id);
  if (id === null) return { title: 'Token not found' };
  const lookup = await lookupToken(id);
  if (lookup.kind !== 'found')
    return { title: lookup.kind === 'missing' ? 'Token not found' : 'Token' };
  return {
    title: `${lookup.token.symbol} · ${lookup.token.name}`,
    description: `Live ${lookup.token.name} price, its chains and pools.`,
  };
}

export default async function TokenPage({ params }: { params: Promise<Params> }) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const [lookup, chains] = await Promise.all([lookupToken(id), listChains()]);
  if (lookup.kind === 'missing') notFound();
  if (lookup.kind === 'error') {
    return (
      <>
        <PageHeader title="Token" />
        <Panel>
          <EmptyState tone="error" title={`The token could not be loaded: ${lookup.message}`}>
            The price service did not answer. Reload the page to try again.
          </EmptyState>
        </Panel>
      </>
    );
  }
  const { platforms, pools } = await lookupTokenMarkets(lookup.token, chains ?? []);
  return (
    <TokenView token={lookup.token} platforms={platforms} chains={chains ?? []} pools={pools} />
  );
}
