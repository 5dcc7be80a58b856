import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Pools' };

export default function Page() {
  return (
    <>
      <PageHeader title="Pools" subtitle="DEX pools with live candle charts, trades and holders." />
      <Panel>
        <EmptyState title="The pools index is being built." />
      </Panel>
    </>
  );
}
