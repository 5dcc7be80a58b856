'use client';
import { useMemo } from 'react';
import type { TimeZoneMode } from '@/lib/features/chart/time-format';
import type { Explorer } from '@/lib/features/chains/explorer';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Freshness } from '@/components/ui/freshness';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';
import { Panel } from '@/components/ui/panel';
import { useMoney } from '@/lib/features/fiats/use-money';
import { readTrade, type TradeView } from '@/lib/features/pools/trades';
import type { QuoteUsd } from '@/lib/features/pools/pricing';
import { tradesToCsv } from '@/lib/features/pools/trades-csv';
import { CsvExport } from '@/components/ui/csv-export';
import { TradesTable } from './trades-table';
import { usePoolTrades } from './use-pool-trades';

const timeOfTrade = (t: TradeView) => t.time;

/** The pool's recent trades, newest first, live; the loaded ones export as CSV. */
export function PoolTrades({
  pool,
  data,
  quote,
  tz,
  explorer,
}: {
  pool: PoolRef;
  data: PoolObject | null;
  /** the quote token's USD price the values are computed at (lib/features/pools/pricing.ts) */
  quote: QuoteUsd | null;
  tz: TimeZoneMode;
  explorer: Explorer | null;
}) {
  const trades = usePoolTrades(pool, 50);
  const interrupted = useLiveInterrupted('trades');
  // Stable while the pool object is: the table's rows are memoised on them.
  const tradePool = useMemo(
    () =>
      data
        ? {
            address: data.address,
            base: { address: data.base_token.address, symbol: data.base_token.symbol },
            quote: { address: data.quote_token.address, symbol: data.quote_token.symbol },
          }
        : {
            address: pool.address,
            base: { address: '', symbol: 'Base' },
            quote: { address: '', symbol: 'Quote' },
          },
    [data, pool.address],
  );
  // A trade's price and value in dollars: its quote amount at the quote's live USD price (the
  // base leg at the snapshot only for a trade without a quote leg).
  const quoteUsd = quote?.usd ?? null;
  const usd = useMemo(
    () => ({ base: data?.base_token_price_usd ?? null, quote: quoteUsd }),
    [data, quoteUsd],
  );
  const money = useMoney();
  const views = useMemo(
    () => trades.trades.map((t) => readTrade(t, tradePool, usd)),
    [trades.trades, tradePool, usd],
  );
  const pair = `${tradePool.base.symbol}-${tradePool.quote.symbol}`;

  return (
    <Panel
      title="Recent trades"
      actions={
        trades.status !== 'loading' && (
          <>
            <CsvExport
              noun="trades"
              fileName={`trades-${pair}`}
              rows={views}
              timeOf={timeOfTrade}
              toCsv={(rows) => tradesToCsv(rows, tradePool, pool)}
            />
            <Freshness
              updatedAt={trades.updatedAt}
              stale={trades.error !== null || interrupted}
              onRetry={trades.retry}
              staleAfterMs={300_000}
            />
          </>
        )
      }
    >
      {trades.status === 'error' ? (
        <EmptyState
          tone="error"
          title="The trades could not be loaded."
          action={
            <Button size="sm" onClick={trades.retry}>
              Retry
            </Button>
          }
        >
          {trades.error}
        </EmptyState>
      ) : trades.status === 'ready' && trades.trades.length === 0 ? (
        <EmptyState title="No recent trades for this pool.">
          New trades appear here as they happen.
        </EmptyState>
      ) : (
        <div className="max-h-[560px] overflow-auto">
          <TradesTable
            trades={trades.trades}
            pool={tradePool}
            usd={usd}
            money={money}
            tz={tz}
            fresh={trades.fresh}
            loading={trades.status === 'loading'}
            explorer={explorer}
          />
        </div>
      )}
    </Panel>
  );
}
