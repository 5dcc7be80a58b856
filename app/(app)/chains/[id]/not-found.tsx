import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export default function ChainNotFound() {
  return (
    <>
      <PageHeader title="Chain not found" />
      <Panel>
        <EmptyState
          title="The price service knows no chain with this id."
          action={<ButtonLink href="/chains">All chains</ButtonLink>}
        >
          Chain pages are addressed by the chain&apos;s internal numeric id: pick one from the list.
        </EmptyState>
      </Panel>
    </>
  );
}
