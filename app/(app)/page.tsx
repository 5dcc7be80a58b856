import { TopTokens } from '@/components/markets/top-tokens';
import { PageHeader } from '@/components/ui/page-header';

export default function MarketsPage() {
  return (
    <>
      <PageHeader title="Markets" subtitle="Live token prices, refreshed every 3 seconds." />
      <TopTokens />
    </>
  );
}
