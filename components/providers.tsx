'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '@/lib/client/query-client';
import { ThemeSync } from './layout/theme-sync';

// Loaded after the page: price alerts are watched from every page, none waits for their code.
const AlertsRuntime = dynamic(() => import('./alerts/alerts-runtime'), { ssr: false });

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ThemeSync />
      {children}
      <AlertsRuntime />
    </QueryClientProvider>
  );
}
