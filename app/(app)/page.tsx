import { Suspense } from 'react';
import { MarketsView } from '@/components/markets/markets-view';
import { TokenTableSkeleton } from '@/components/markets/token-table';
import { PageHeader } from '@/components/ui/page-header';

export default function MarketsPage() {
  return (
    <>
      <PageHeader
        title="Markets"
        subtitle="Every token the price service lists, live: quotes of the rows in view refresh every 3 seconds."
      />
      <Suspense
        fallback={
          <section className="rounded-md border border-border bg-panel">
            <div className="h-[45px] border-b border-border" />
            <TokenTableSkeleton />
          </section>
        }
      >
        <MarketsView />
      </Suspense>
    </>
  );
}
