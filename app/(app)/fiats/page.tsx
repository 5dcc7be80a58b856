import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Fiats' };

export default function Page() {
  return (
    <>
      <PageHeader title="Fiats" subtitle="Fiat currencies, live exchange rates and a converter." />
      <Panel>
        <EmptyState title="The fiat rates view is being built." />
      </Panel>
    </>
  );
}
