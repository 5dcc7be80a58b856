import Link from 'next/link';
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
          action={
            <Link
              href="/"
              className="inline-flex h-8 items-center rounded border border-border bg-raised px-3 text-13 font-medium hover:bg-border"
            >
              Back to Markets
            </Link>
          }
        >
          Token ids are positive whole numbers; an inactive token is not listed. Search the Markets
          page by name, symbol or contract address.
        </EmptyState>
      </Panel>
    </>
  );
}
