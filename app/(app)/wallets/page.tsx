import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Wallets' };

export default function Page() {
  return (
    <>
      <PageHeader title="Wallets" subtitle="Monitored addresses and their live transaction feed." />
      <Panel>
        <EmptyState title="The wallets view is being built." />
      </Panel>
    </>
  );
}
