'use client';
import { clsx } from 'clsx';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import { formatChartPrice, priceDecimals } from '@/lib/core/format/price';
import { formatClock } from '@/lib/chart/rules/time-format';
import type { Money } from '@/lib/features/fiats/usd';
import { formatPrice, toBig } from '@/lib/core/format/number';
import { poolUsdFromClose, type LatestClose } from '@/lib/features/pools/live';
import { quoteSourceText, type QuoteUsd } from '@/lib/features/pools/pricing';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { Flash } from '@/components/ui/flash';
import { MoneyNote } from '@/components/ui/money-note';
import { Skeleton } from '@/components/ui/skeleton';
import { useStore, type Store } from '@/components/chart/snapshot-store';
import { useLiveInterrupted } from '@/lib/client/hooks/use-stream';

/**
 * The pool's price now: the latest candle's close (base in quote) × the quote token's USD price
 * (its live quote, else the hourly snapshot's, said so: lib/features/pools/pricing.ts), from the
 * first paint (the server read the latest candle and the quote) and then every push of the chart.
 * The pool object's own price is an hourly snapshot: shown, and said to be one, only when no candle
 * is known. Markets' figure is the price service's market quote, another source.
 */
export function LivePrice({
  pool,
  live,
  initial,
  quote,
  money,
}: {
  pool: PoolObject | null;
  live: Store<FeedSnapshot | null>;
  initial: LatestClose | null;
  /** the quote token's USD price the close is converted at */
  quote: QuoteUsd | null;
  money: Money;
}) {
  const bar = useStore(live)?.last;
  const latest = bar ? { close: bar.close, time: bar.time } : initial;

  const liveUsd = poolUsdFromClose(latest?.close, quote);
  const usd = liveUsd ?? toBig(pool?.base_token_price_usd);
  const shown = usd ? money.of(usd) : null;
  const inQuote =
    latest?.close ??
    (pool ? Number(pool.base_token_price_usd) / Number(pool.quote_token_price_usd) : null);
  const interrupted = useLiveInterrupted('kline');
  // A price the live stream no longer moves is not "live": it says so until the stream is back.
  const source = liveUsd ? (interrupted ? 'stale' : 'live') : usd ? 'snapshot' : null;
  const symbol = pool?.quote_token.symbol ?? 'quote';
  // A live close converted at the quote's hourly snapshot is half live: said on the label.
  const quoteNote = liveUsd && quote?.source === 'snapshot' ? ` · ${symbol} hourly` : '';

  return (
    <div
      className="min-w-0"
      data-testid="pool-price"
      data-source={source ?? ''}
      data-quote-source={liveUsd ? (quote?.source ?? '') : ''}
      data-quote-usd={liveUsd ? (quote?.usd ?? '') : ''}
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <Flash
          value={shown ? shown.toFixed() : null}
          className="num text-2xl font-semibold tracking-tight"
        >
          {shown ? formatPrice(shown, money.format) : <Skeleton width={140} height={30} />}
        </Flash>
        {source && (
          <span
            className={clsx(
              'text-2xs uppercase tracking-wide',
              source === 'live' ? 'text-up' : 'text-muted',
            )}
            data-testid="pool-price-source"
            title={
              source === 'stale'
                ? 'The live stream is interrupted: this is the last price it delivered. It moves again when the stream is back.'
                : source === 'live'
                  ? `Last trade price in this pool: the close of the latest candle${latest ? ` (${formatClock(latest.time, 'utc')} UTC)` : ''} × ${quoteSourceText(quote, symbol)}. Markets shows the price service's market quote, which can differ.`
                  : "The price service's hourly pool snapshot: no recent candle is known."
            }
          >
            {source === 'live'
              ? `Pool price · live${quoteNote}`
              : source === 'stale'
                ? `Pool price · stale${quoteNote}`
                : 'Pool price · hourly snapshot'}
          </span>
        )}
      </div>
      <div className="num flex flex-wrap items-center gap-x-2 text-12 text-muted">
        {inQuote !== null && Number.isFinite(inQuote) && pool ? (
          <span>
            {formatChartPrice(inQuote, priceDecimals(inQuote))} {pool.quote_token.symbol}
          </span>
        ) : (
          <Skeleton width={100} />
        )}
        <MoneyNote money={money} />
      </div>
    </div>
  );
}
