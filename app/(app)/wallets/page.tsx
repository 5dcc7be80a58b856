import type { Metadata } from 'next';
import { WalletsView } from '@/components/wallets/wallets-view';

export const metadata: Metadata = { title: 'Wallets' };

/** Rendered per request so the view's URL state (filters, tab, history query) is in the first paint. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await searchParams;
  return <WalletsView />;
}
