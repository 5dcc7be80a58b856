'use client';
import { formatPrice } from '@/lib/core/format/number';
import type { FeedSnapshot } from '@/lib/features/chart/feed';
import { formatChartPrice, priceDecimals } from '@/lib/features/chart/price-format';
import { useMoney } from '@/lib/features/fiats/use-money';
import { poolUsdFromClose } from '@/lib/features/pools/live';
import { useStore, type Store } from '@/components/chart/snapshot-store';
import { Flash } from '@/components/ui/flash';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A chart's live price in its cell's header: the latest candle's close × the quote token's USD
 * price, in the display fiat, as on the pool page (components/pools/live-price.tsx); in the quote
 * token when its USD price is unknown. Only this element re-renders on a push.
 */
export function CellPrice({
  live,
  quoteUsd,
  quote,
}: {
  live: Store<FeedSnapshot | null>;
  quoteUsd: string | null;
  quote?: string;
}) {
  const money = useMoney();
  const close = useStore(live)?.last?.close;
  const usd = poolUsdFromClose(close, quoteUsd);
  const shown = usd ? money.of(usd) : null;
  const inQuote =
    close !== undefined && Number.isFinite(close)
      ? formatChartPrice(close, priceDecimals(close))
      : null;
  return (
    <span
      className="num inline-flex min-w-[5.5rem] items-center text-[13px] font-semibold"
      data-testid="cell-price"
      title={inQuote ? `${inQuote} ${quote ?? ''}: the latest candle's close`.trim() : undefined}
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
