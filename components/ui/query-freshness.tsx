'use client';
import { Freshness } from './freshness';

/** The freshness of one React Query read: its last success, its failure, and its refetch as Retry. */
export function QueryFreshness({
  query,
  staleAfterMs,
}: {
  query: { dataUpdatedAt: number; isError: boolean; refetch: () => Promise<unknown> };
  staleAfterMs?: number;
}) {
  return (
    <Freshness
      updatedAt={query.dataUpdatedAt || null}
      stale={query.isError}
      onRetry={() => void query.refetch()}
      staleAfterMs={staleAfterMs}
    />
  );
}
