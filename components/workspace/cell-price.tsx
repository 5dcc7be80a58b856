'use client';
import { formatPrice } from '@/lib/core/format/number';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import { formatChartPrice, priceDecimals } from '@/lib/core/format/price';
import { useMoney } from '@/lib/features/fiats/use-money';
import { poolUsdFromClose } from '@/lib/features/pools/live';
import { useQuoteUsd } from '@/lib/features/pools/use-quote-usd';
import { quoteSourceText } from '@/lib/features/pools/pricing';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { useStore, type Store } from '@/components/chart/snapshot-store';
import { Flash } from '@/components/ui/flash';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A chart's live price in its cell's header: the latest candle's close × the quote token's USD
 * price (its live quote, else the hourly snapshot: lib/features/pools/pricing.ts), in the display
 * fiat, as on the pool page (components/pools/live-price.tsx); in the quote token when its USD
 * price is unknown. Only this element re-renders on a push.
 */
export function CellPrice({
  live,
  poolRef,
  pool,
}: {
  live: Store<FeedSnapshot | null>;
  poolRef: PoolRef;
  pool: PoolObject | null;
}) {
  const money = useMoney();
  const close = useStore(live)?.last?.close;
  const quoteUsd = useQuoteUsd(
    poolRef,
    pool ? { address: pool.quote_token.address, snapshotUsd: pool.quote_token_price_usd } : null,
  );
  const quote = pool?.quote_token.symbol;
  const usd = poolUsdFromClose(close, quoteUsd);
  const shown = usd ? money.of(usd) : null;
  const inQuote =
    close !== undefined && Number.isFinite(close)
      ? formatChartPrice(close, priceDecimals(close))
      : null;
  return (
    <span
      className="num inline-flex min-w-[5.5rem] items-center text-13 font-semibold"
      data-testid="cell-price"
      data-quote-source={quoteUsd?.source ?? ''}
      title={
        inQuote
          ? `${inQuote} ${quote ?? ''}: the latest candle's close, × ${quoteSourceText(quoteUsd, quote ?? 'quote')}`
          : undefined
      }
    >
      {shown ? (
        <Flash value={shown.toFixed()}>{formatPrice(shown, money.format)}</Flash>
      ) : inQuote ? (
        <Flash value={close}>
          {inQuote}
          {quote && <span className="ml-1 text-2xs font-normal text-muted">{quote}</span>}
        </Flash>
      ) : (
        <Skeleton width={72} height={14} />
      )}
    </span>
  );
}
