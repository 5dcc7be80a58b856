import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Chains' };

export default function Page() {
  return (
    <>
      <PageHeader title="Chains" subtitle="Supported chains, their explorers and native tokens." />
      <Panel>
        <EmptyState title="The chains view is being built." />
      </Panel>
    </>
  );
}
