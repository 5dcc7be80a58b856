'use client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Flash } from '@/components/ui/flash';
import { QueryFreshness } from '@/components/ui/query-freshness';
import { Skeleton } from '@/components/ui/skeleton';
import { compareDecimal } from '@/lib/features/fiats/compare';

/** The converter's answer: the problem, the result and its rate, or a placeholder while loading. */
export function ConversionBox({
  problem,
  amountError,
  amountText,
  value,
  resultText,
  rawRate,
  rateLine,
  fromUnit,
  toUnit,
  loading,
  live,
}: {
  problem: string | null;
  amountError: string | null;
  /** the amount as shown beside the result, in the reader's notation */
  amountText: string;
  /** the result, exact, in the app's notation; null when there is none */
  value: string | null;
  resultText: string;
  /** the rate as the upstream gave it */
  rawRate: string | null;
  rateLine: string | null;
  fromUnit: string;
  toUnit: string;
  loading: boolean;
  /** the query the figures come from (rates or quotes), null when none is needed */
  live: Pick<UseQueryResult<unknown>, 'data' | 'dataUpdatedAt' | 'isError' | 'refetch'> | null;
}) {
  return (
    <div
      className="mt-3 flex min-h-[64px] flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded border border-border bg-bg px-3 py-2"
      aria-live="polite"
      data-testid="convert-box"
    >
      <div className="min-w-0 max-w-full">
        {problem ? (
          <p role="alert" className="text-13 text-down" data-testid="convert-problem">
            {problem}
          </p>
        ) : amountError ? (
          <p className="text-13 text-muted">Fix the amount to see the conversion.</p>
        ) : value !== null ? (
          <>
            <div className="num flex min-w-0 flex-wrap items-baseline gap-x-2">
              <span className="break-all text-13 text-muted">
                {amountText} {fromUnit} =
              </span>
              <Flash value={value} compare={compareDecimal} className="min-w-0 break-all px-1">
                <output
                  className="text-22 font-semibold leading-7"
                  data-testid="convert-result"
                  data-value={value}
                  data-rate={rawRate ?? ''}
                >
                  {resultText}
                </output>
              </Flash>
              <span className="text-14 font-medium text-muted">{toUnit}</span>
            </div>
            <p className="num mt-0.5 break-words text-12 text-muted" data-testid="convert-rate">
              {rateLine}
            </p>
          </>
        ) : loading || !live ? (
          <div className="flex flex-col gap-1.5">
            <Skeleton width={220} height={24} />
            <Skeleton width={160} height={11} />
          </div>
        ) : (
          <p className="text-13 text-muted">Waiting for the figures…</p>
        )}
      </div>
      {live && live.data !== undefined && <QueryFreshness query={live} />}
    </div>
  );
}
