import type { ReactNode } from 'react';
import { featuredPools } from '@/lib/config/featured-pools';
import { AppHeader } from '@/components/layout/app-header';
import { Providers } from '@/components/providers';

export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      {/* The palette finds these pools by symbol; a few short refs, read from the server's config. */}
      <AppHeader featured={featuredPools()} />
      <main className="mx-auto w-full max-w-[1600px] px-3 pb-10 pt-4 sm:px-4">{children}</main>
    </Providers>
  );
}
