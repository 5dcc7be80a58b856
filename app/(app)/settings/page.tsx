import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export const metadata: Metadata = { title: 'Settings' };

export default function Page() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Webhook and WebSocket delivery of the monitoring service." />
      <Panel>
        <EmptyState title="The settings view is being built." />
      </Panel>
    </>
  );
}
