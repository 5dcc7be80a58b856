import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { FiatsView } from '@/components/fiats/fiats-view';

export const metadata: Metadata = { title: 'Fiats' };
// The view is the query string (base, amount, from, to): rendered per request, so the first paint matches the URL.
export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <>
      <PageHeader
        title="Fiats"
        subtitle="Fiat currencies, live exchange rates (8 decimals, every 3 s) and a converter between any fiat and token."
      />
      <Suspense>
        <FiatsView />
      </Suspense>
    </>
  );
}
