'use client';
import { useMemo } from 'react';
import type { WidgetParams } from '@/lib/features/pools/params';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolSummary } from '@/lib/features/pools/summary';
import { TradesTable } from './trades-table';
import { usePoolTrades } from './use-pool-trades';

export function WidgetTrades({
  pool,
  summary,
  tz,
}: {
  pool: PoolRef;
  summary: PoolSummary;
  tz: WidgetParams['tz'];
}) {
  const trades = usePoolTrades(pool, 30);
  const usd = useMemo(
    () => ({ base: Number(summary.baseUsd), quote: Number(summary.quoteUsd) }),
    [summary],
  );
  return (
    <section
      aria-label="Latest trades"
      className="widget-trades h-[168px] shrink-0 overflow-auto border-t border-border"
    >
      {trades.status === 'error' ? (
        <p role="alert" className="p-3 text-[12px] text-muted">
          Trades are unavailable: {trades.error}{' '}
          <button
            type="button"
            onClick={trades.retry}
            className="font-medium text-accent hover:underline"
          >
            Retry
          </button>
        </p>
      ) : (
        <TradesTable
          trades={trades.trades}
          pool={summary}
          usd={usd}
          tz={tz}
          fresh={trades.fresh}
          loading={trades.status === 'loading'}
          compact
        />
      )}
    </section>
  );
}
