'use client';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import type { Explorer } from '@/lib/features/chains/explorer';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Freshness } from '@/components/ui/freshness';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';
import { Panel } from '@/components/ui/panel';
import { readTrade } from '@/lib/features/pools/trades';
import type { PoolTrade } from '@/lib/features/pools/api';
import { useQuoteUsd, type QuoteUsdFrom } from '@/lib/features/pools/use-quote-usd';
import { traderHistoryHref } from '@/lib/features/pools/my-wallets';
import { tradesToCsv } from '@/lib/features/pools/trades-csv';
import { CsvExport } from '@/components/ui/csv-export';
import { TradesTable } from './trades-table';
import { MAX_KEPT, POOL_TRADES_QUEUE, usePoolTrades } from './use-pool-trades';

const timeOfTrade = (t: PoolTrade) => t.tx_time;

/** Whether a quote moved enough to be shown again: more than 0.05%, or to or from unknown. */
function movedEnough(before: string | null, after: string | null): boolean {
  if (before === null || after === null) return before !== after;
  const a = Number(before);
  const b = Number(after);
  return !(a > 0) || Math.abs(b / a - 1) > 0.0005;
}

/** A trader filter as typed: an address or a part of one, whatever its case. */
const matchesTrader = (trader: string | null, filter: string) =>
  !filter || (!!trader && trader.toLowerCase().includes(filter.toLowerCase()));

/**
 * The pool's recent trades, newest first, live: the service's latest (its queue holds 100), older
 * ones of that queue on demand, and every trade that arrives while the page is open. Filtered by
 * trader; each trader leads to its history on the Wallets page. The CSV has what is listed.
 */
export function PoolTrades({
  pool,
  data,
  quoteFrom,
  tz,
  explorer,
}: {
  pool: PoolRef;
  data: PoolObject | null;
  /** the quote token whose USD price the values are computed at (lib/features/pools/pricing.ts) */
  quoteFrom: QuoteUsdFrom;
  tz: TimeZoneMode;
  explorer: Explorer | null;
}) {
  const trades = usePoolTrades(pool, 50);
  const quote = useQuoteUsd(quoteFrom.ref, quoteFrom.token, quoteFrom.initial);
  const interrupted = useLiveInterrupted('trades');
  const [trader, setTrader] = useState('');
  const filterId = useId();
  const scroller = useRef<HTMLDivElement>(null);
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
  // base leg at the snapshot only for a trade without a quote leg). The table takes a new quote
  // only when it moved by more than what its figures show (0.05%): a 3-second tick of the quote
  // re-renders no row.
  const [quoteUsd, setQuoteUsd] = useState(quote?.usd ?? null);
  const nextQuote = quote?.usd ?? null;
  if (nextQuote !== quoteUsd && movedEnough(quoteUsd, nextQuote)) setQuoteUsd(nextQuote);
  const usd = useMemo(
    () => ({ base: data?.base_token_price_usd ?? null, quote: quoteUsd }),
    [data, quoteUsd],
  );
  const filter = trader.trim();
  const listed = useMemo(
    () =>
      filter
        ? trades.trades.filter((t) =>
            matchesTrader(readTrade(t, tradePool, { base: null, quote: null }).trader, filter),
          )
        : trades.trades,
    [trades.trades, tradePool, filter],
  );
  // The CSV reads the listed trades when it is pressed, not on every trade that arrives (the table
  // reads only the rows it draws).
  const toCsv = useCallback(
    (rows: readonly PoolTrade[]) =>
      tradesToCsv(
        rows.map((t) => readTrade(t, tradePool, usd)),
        tradePool,
        pool,
      ),
    [tradePool, usd, pool],
  );
  const pair = `${tradePool.base.symbol}-${tradePool.quote.symbol}`;
  const historyHref = useMemo(() => (address: string) => traderHistoryHref(pool, address), [pool]);

  return (
    <Panel
      title="Recent trades"
      actions={
        trades.status !== 'loading' && (
          <>
            <label htmlFor={filterId} className="sr-only">
              Filter by trader
            </label>
            <input
              id={filterId}
              type="search"
              value={trader}
              onChange={(e) => setTrader(e.currentTarget.value)}
              placeholder="Trader 0x…"
              autoComplete="off"
              spellCheck={false}
              data-testid="trader-filter"
              className="h-7 w-28 min-w-0 rounded border border-border bg-bg px-2 font-mono text-11 text-text placeholder:font-sans placeholder:text-faint sm:w-40"
            />
            <CsvExport
              noun="trades"
              fileName={`trades-${pair}`}
              rows={listed}
              timeOf={timeOfTrade}
              toCsv={toCsv}
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
        <LoadError title="The trades could not be loaded." onRetry={trades.retry} size="sm">
          {trades.error}
        </LoadError>
      ) : trades.status === 'ready' && trades.trades.length === 0 ? (
        <EmptyState title="No recent trades for this pool.">
          New trades appear here as they happen.
        </EmptyState>
      ) : (
        <>
          <div ref={scroller} className="max-h-[560px] overflow-auto">
            <TradesTable
              trades={listed}
              pool={tradePool}
              usd={usd}
              tz={tz}
              fresh={trades.fresh}
              loading={trades.status === 'loading'}
              explorer={explorer}
              traderHref={historyHref}
              scroller={scroller}
            />
            {filter && listed.length === 0 && trades.status === 'ready' && (
              <p className="px-3 py-4 text-12 text-muted" data-testid="trader-none">
                No trade by a trader matching &ldquo;{filter}&rdquo; among the{' '}
                {trades.trades.length} loaded.
              </p>
            )}
          </div>
          {trades.status === 'ready' && (
            <div
              className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-3 py-2 text-2xs text-muted"
              data-testid="trades-depth"
            >
              <span className="num">
                {filter ? `${listed.length} of ` : ''}
                {trades.trades.length} trades: the service&rsquo;s latest {trades.depth}
                {trades.trades.length > trades.depth ? ' and those since this page opened' : ''}.
                {!trades.loadOlder &&
                  ` The service keeps a pool's latest ${POOL_TRADES_QUEUE}; this page keeps up to ${MAX_KEPT}.`}
              </span>
              {trades.loadOlder && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={trades.loadOlder}
                  disabled={trades.loadingOlder}
                >
                  {trades.loadingOlder ? 'Loading…' : 'Load older trades'}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </Panel>
  );
}
