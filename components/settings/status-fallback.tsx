import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A status panel's body until its query has data: the failure (`<what> unavailable: …`) with a
 * Retry, or `rows` placeholder lines while it loads.
 */
export function StatusFallback({
  query,
  what,
  rows,
}: {
  query: UseQueryResult<unknown>;
  what: string;
  rows: number;
}) {
  return query.isError ? (
    <LoadError
      title={`${what} unavailable: ${query.error.message}`}
      onRetry={() => void query.refetch()}
    />
  ) : (
    <div className="flex flex-col gap-3 p-3" aria-busy>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={18} className="w-full" />
      ))}
    </div>
  );
}
