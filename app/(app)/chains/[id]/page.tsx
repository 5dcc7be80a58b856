import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { lookupChainById, parseChainId } from '@/lib/features/chains/server';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TokenIcon } from '@/components/ui/token-icon';
import { RetryButton } from '@/components/pools/retry-button';
import { ChainDetails } from '@/components/chains/chain-details';
import { NativeToken } from '@/components/chains/native-token';

type Params = { id: string };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const id = parseChainId((await params).id);
  if (id === null) return { title: 'Chain not found' };
  const lookup = await lookupChainById(id);
  if (lookup.kind === 'missing') return { title: 'Chain not found' };
  return { title: lookup.kind === 'found' ? `${lookup.chain.name} · Chains` : 'Chain' };
}

export default async function ChainPage({ params }: { params: Promise<Params> }) {
  const id = parseChainId((await params).id);
  if (id === null) notFound();
  const lookup = await lookupChainById(id);
  if (lookup.kind === 'missing') notFound();

  const back = (
    <Link href="/chains" className="text-12 text-muted hover:text-accent hover:underline">
      ← All chains
    </Link>
  );
  if (lookup.kind === 'error') {
    return (
      <>
        <PageHeader title={`Chain ${id}`} actions={back} />
        <Panel>
          <EmptyState
            tone="error"
            title={`The chain could not be loaded: ${lookup.message}.`}
            action={<RetryButton />}
          >
            The price service did not answer; retry in a moment.
          </EmptyState>
        </Panel>
      </>
    );
  }
  const chain = lookup.chain;
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <TokenIcon
              src={chain.chain_icon_url}
              symbol={chain.short_name || chain.name}
              size={24}
            />
            {chain.name}
            <span className="text-13 font-normal text-muted">{chain.short_name}</span>
          </span>
        }
        subtitle="Chain details and the native token's live price in your display fiat."
        actions={back}
      />
      <div className="grid gap-3">
        <ChainDetails chain={chain} />
        <NativeToken chainId={chain.id} chainName={chain.name} />
      </div>
    </>
  );
}
