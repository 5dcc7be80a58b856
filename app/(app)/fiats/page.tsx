import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { FiatsView } from '@/components/fiats/fiats-view';
import { listFiats } from '@/lib/features/fiats/server';

export const metadata: Metadata = { title: 'Fiats' };
// The view is the query string (base, amount, from, to): rendered per request, so the first paint matches the URL.
export const dynamic = 'force-dynamic';

export default async function Page() {
  // The list is in the first paint, and the hydration pass renders exactly what the server did.
  const fiats = await listFiats();
  return (
    <>
      <PageHeader
        title="Fiats"
        subtitle="Fiat currencies, live exchange rates (8 decimals, every 3 s) and a converter between any fiat and token."
      />
      <Suspense>
        <FiatsView initialFiats={fiats} />
      </Suspense>
    </>
  );
}
