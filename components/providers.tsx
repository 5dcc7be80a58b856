'use client';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '@/lib/client/query-client';
import { ThemeSync } from './layout/theme-sync';
// Its watcher loads only once an alert is armed (components/alerts/alerts-runtime.tsx); what stays
// is the alerts store, which the pool page's price lines share (one copy, not one per chunk).
import AlertsRuntime from './alerts/alerts-runtime';

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
