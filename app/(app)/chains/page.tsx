import type { Metadata } from 'next';
import { listChains } from '@/lib/features/pools/server';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { RetryButton } from '@/components/pools/retry-button';
import { ChainsTable } from '@/components/chains/chains-table';

export const metadata: Metadata = { title: 'Chains' };
export const dynamic = 'force-dynamic';

export default async function ChainsPage() {
  const chains = await listChains();
  return (
    <>
      <PageHeader
        title="Chains"
        subtitle="Supported chains, their explorers and native tokens. Open a chain for its native token's live price."
      />
      <Panel title={chains ? `${chains.length} chains` : 'Chains'}>
        {chains === null ? (
          <EmptyState
            tone="error"
            title="The chain list could not be loaded from the price service."
            action={<RetryButton />}
          >
            Check the status light in the header, then retry.
          </EmptyState>
        ) : chains.length === 0 ? (
          <EmptyState title="The price service lists no chains." />
        ) : (
          <ChainsTable chains={chains} />
        )}
      </Panel>
    </>
  );
}
