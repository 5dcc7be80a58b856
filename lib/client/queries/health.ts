import { queryOptions } from '@tanstack/react-query';

/**
 * What /api/health answers. With DASHBOARD_ACCESS=private a visitor without the session (the sign-in
 * page) gets `status` alone.
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  mode?: 'simulator' | 'upstream';
  checked_at?: string;
  services?: Record<
    'price' | 'tx' | 'kline',
    { status: string; latency_ms: number; message?: string }
  >;
  /** With REDIS_URL (lib/server/health.ts): this instance and its cluster store. */
  cluster?: { instance: string; redis: string; lease: string; streams: 'cluster' | 'local' };
}

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: async ({ signal }): Promise<HealthReport> => {
    const response = await fetch('/api/health', { signal, cache: 'no-store' });
    // 503 still carries a report: it says which service is down.
    return (await response.json()) as HealthReport;
  },
  refetchInterval: 15_000,
  staleTime: 10_000,
  retry: false,
});
