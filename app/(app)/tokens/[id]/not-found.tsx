import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';

export default function TokenNotFound() {
  return (
    <>
      <PageHeader title="Token not found" />
      <Panel>
        <EmptyState
          title="The price service has no active token with this id."
          action={<ButtonLink href="/">Back to Markets</ButtonLink>}
        >
          Token ids are positive whole numbers; an inactive token is not listed. Search the Markets
          page by name, symbol or contract address.
        </EmptyState>
      </Panel>
    </>
  );
}
