import Link from 'next/link';
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
          action={
            <Link
              href="/chains"
              className="inline-flex h-8 items-center rounded border border-border bg-raised px-3 text-13 font-medium hover:bg-border"
            >
              All chains
            </Link>
          }
        >
          Chain pages are addressed by the chain&apos;s internal numeric id: pick one from the list.
        </EmptyState>
      </Panel>
    </>
  );
}
