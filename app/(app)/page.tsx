import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { chainsQuery, quotesQuery, tokensQuery } from '@/lib/client/queries/price';
import { loadMarketsFirstPage } from '@/lib/features/markets/server';
import { MarketsView } from '@/components/markets/markets-view';
import { PageHeader } from '@/components/ui/page-header';

type Search = Record<string, string | string[] | undefined>;

export default async function MarketsPage({ searchParams }: { searchParams: Promise<Search> }) {
  // The first rows, with prices, come with the HTML; the browser's queries start from them.
  const first = await loadMarketsFirstPage(await searchParams);
  const client = new QueryClient();
  if (first) {
    client.setQueryData(tokensQuery(1, first.limit).queryKey, first.tokens);
    if (first.quotes)
      client.setQueryData(quotesQuery(first.quoteIds, 'USD').queryKey, first.quotes);
    if (first.chains) client.setQueryData(chainsQuery.queryKey, first.chains);
  }
  return (
    <>
      <PageHeader
        title="Markets"
        subtitle="Every token the price service lists, live: quotes of the rows in view refresh every 3 seconds."
      />
      {/* No Suspense fallback: the rows come with the page (a skeleton first would shift them). */}
      <HydrationBoundary state={dehydrate(client)}>
        <MarketsView />
      </HydrationBoundary>
    </>
  );
}
