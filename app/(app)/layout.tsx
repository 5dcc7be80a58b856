import type { ReactNode } from 'react';
import { AppHeader } from '@/components/layout/app-header';
import { Providers } from '@/components/providers';

export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <AppHeader />
      <main className="mx-auto w-full max-w-[1600px] px-3 pb-10 pt-4 sm:px-4">{children}</main>
    </Providers>
  );
}
