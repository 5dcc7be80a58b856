import { Skeleton } from '@/components/ui/skeleton';

/** The transaction page's layout while the server reads the transaction. */
export default function Loading() {
  return (
    <div aria-busy aria-label="Loading transaction">
      <div className="mb-3 flex flex-col gap-2">
        <Skeleton width={220} height={22} />
        <Skeleton width={460} height={12} className="max-w-full" />
      </div>
      <div className="rounded-md border border-border bg-panel">
        <div className="h-9 border-b border-border" />
        <div className="grid grid-cols-1 gap-x-8 px-3 py-1 lg:grid-cols-2">
          {Array.from({ length: 10 }, (_, i) => (
            <div key={i} className="flex h-9 items-center gap-3 border-b border-border/50">
              <Skeleton width={120} />
              <Skeleton width={i % 2 ? 160 : 220} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
