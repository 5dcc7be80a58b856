'use client';
import { clsx } from 'clsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo } from 'react';
import { Address } from '@/components/ui/address';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { historyQuery } from '@/lib/features/wallets/queries';
import { usePrefs } from '@/lib/client/stores/prefs';
import { txIdentity } from '@/lib/contracts/tx/identity';
import type { TransferRecord } from '@/lib/contracts/tx/schema';
import { transfersToCsv } from '@/lib/features/wallets/csv';
import { csvFileName } from '@/lib/core/csv';
import { downloadText } from '@/lib/client/download';
import { counterpartyOf, directionOf, matchedWallet } from '@/lib/features/wallets/direction';
import { txPath } from '@/lib/features/wallets/explorer';
import { walletsOf, type HistoryQuery } from '@/lib/features/wallets/history';
import { formatDateTime } from '@/lib/features/wallets/time';
import { TransferCells } from './transfer-cells';

const HEAD = [
  'Time',
  'Chain',
  'Wallet',
  'Dir',
  'Counterparty',
  'Amount',
  'Tokens',
  'Status',
  'Fee',
  'Tx',
];

/** Pages of a history query, "Load more" while pages come back full (the seed's cursor rule), CSV of what is loaded. */
export function HistoryResults({ query }: { query: HistoryQuery }) {
  const zone = usePrefs((s) => s.tz);
  const result = useInfiniteQuery(historyQuery(query));
  const wallets = useMemo(() => walletsOf(query), [query]);
  // One address: every row is about it, so no wallet column.
  const showWallet = query.mode === 'multi';
  const head = showWallet ? HEAD : HEAD.filter((h) => h !== 'Wallet');

  const { rows, duplicates } = useMemo(() => {
    const seen = new Set<string>();
    const out: TransferRecord[] = [];
    let dup = 0;
    for (const page of result.data?.pages ?? []) {
      for (const r of page) {
        const key = `${r.id}|${txIdentity(r)}`;
        if (seen.has(key)) {
          dup++;
          continue;
        }
        seen.add(key);
        out.push(r);
      }
    }
    return { rows: out, duplicates: dup };
  }, [result.data]);

  if (result.isPending) {
    return (
      <div aria-busy className="p-3">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="flex h-9 items-center gap-4 border-b border-border/50">
            <Skeleton width={130} />
            <Skeleton width={70} />
            <Skeleton width={110} />
            <Skeleton width={40} />
            <Skeleton width={110} />
            <Skeleton width={120} className="ml-auto" />
          </div>
        ))}
      </div>
    );
  }
  if (result.isError && rows.length === 0) {
    return (
      <LoadError
        title={`History could not be loaded: ${result.error.message}`}
        onRetry={() => void result.refetch()}
      />
    );
  }
  if (rows.length === 0) {
    return (
      <EmptyState title="No transfers match this query.">
        Try every chain, another type, or no token filter.
      </EmptyState>
    );
  }

  const pages = result.data?.pages.length ?? 0;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-3 py-1.5 text-2xs text-muted">
        <span className="num" data-testid="history-count">
          {rows.length} transfers loaded in {pages} {pages === 1 ? 'page' : 'pages'}
          {duplicates > 0 ? ` · ${duplicates} duplicates dropped` : ''}
        </span>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={() =>
            downloadText(
              csvFileName('transfers'),
              transfersToCsv(rows, (r) => matchedWallet(r, wallets)),
            )
          }
        >
          Export CSV ({rows.length})
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table
          className={clsx('num w-full text-12', showWallet ? 'min-w-[1180px]' : 'min-w-[1040px]')}
          aria-label="Transfer history"
        >
          <thead className="text-2xs uppercase tracking-wide text-muted">
            <tr className="border-b border-border">
              {head.map((h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={clsx(
                    'h-8 px-2 font-medium',
                    h === 'Amount' || h === 'Fee' ? 'text-right' : 'text-left',
                    i === 0 && 'sticky left-0 z-10 bg-panel pl-3',
                  )}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const wallet = matchedWallet(r, wallets);
              const direction = directionOf(r, wallet);
              return (
                <tr
                  key={`${r.id}|${r.tx_hash}`}
                  data-testid="history-row"
                  data-id={r.id}
                  className="h-9 border-b border-border/50 hover:bg-raised/40"
                >
                  <td className="sticky left-0 z-10 whitespace-nowrap bg-panel pl-3 pr-2 text-muted">
                    {formatDateTime(r.tx_time, zone)}
                  </td>
                  <TransferCells
                    tx={r}
                    wallet={wallet}
                    direction={direction}
                    counterparty={counterpartyOf(r, wallet, direction)}
                    showWallet={showWallet}
                    fixed={false}
                  />
                  <td className="px-2">
                    <Link href={txPath(r)} prefetch={false} className="text-accent hover:underline">
                      <Address value={r.tx_hash} copy={false} />
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-center gap-3 p-3 text-12 text-muted">
        {result.hasNextPage ? (
          <Button onClick={() => void result.fetchNextPage()} disabled={result.isFetchingNextPage}>
            {result.isFetchingNextPage ? 'Loading…' : `Load more (${query.limit} per page)`}
          </Button>
        ) : (
          <span data-testid="history-end">
            End of history: the last page had fewer than {query.limit} transfers.
          </span>
        )}
        {result.isError && (
          <span className="text-down">Next page failed: {result.error.message}</span>
        )}
      </div>
    </div>
  );
}
