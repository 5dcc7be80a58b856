'use client';
import type { ReactNode } from 'react';
import type { FeedSnapshot } from '@/lib/chart/feed';
import { formatChartPrice, priceDecimals } from '@/lib/chart/price-format';
import { formatCompact, formatPrice, USD } from '@/lib/format/number';
import type { ExplorerLinks } from '@/lib/pools/explorer';
import { baseUsdFromClose, dexName } from '@/lib/pools/summary';
import type { PoolObject, PoolWindow } from '@/lib/upstream/price/schema';
import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { Change } from '@/components/ui/change';
import { Flash } from '@/components/ui/flash';
import { Skeleton } from '@/components/ui/skeleton';
import { TokenIcon } from '@/components/ui/token-icon';
import { useStore, type Store } from '@/components/chart/snapshot-store';

export const WINDOW_LABELS: Record<PoolWindow, string> = {
  m5: '5m',
  m15: '15m',
  m30: '30m',
  h1: '1h',
  h6: '6h',
  h24: '24h',
};
const WINDOWS = Object.keys(WINDOW_LABELS) as PoolWindow[];

/**
 * Pair, DEX, network, tokens, the live price (USD and quote token, from the last candle), the change
 * per window and the pool's key figures. The figures are the price service's pool object, which the
 * upstream refreshes hourly.
 */
export function PoolHeader({
  pool,
  chainName,
  explorer,
  live,
  actions,
}: {
  pool: PoolObject | null;
  chainName: string;
  explorer: ExplorerLinks | null;
  live: Store<FeedSnapshot | null>;
  actions?: ReactNode;
}) {
  return (
    <section
      className="mb-3 rounded-md border border-border bg-panel px-3 py-2.5"
      aria-label="Pool summary"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 items-center gap-3">
          {pool ? (
            <span className="flex shrink-0 -space-x-2">
              <TokenIcon
                src={pool.base_token.image_url}
                symbol={pool.base_token.symbol}
                size={32}
              />
              <TokenIcon
                src={pool.quote_token.image_url}
                symbol={pool.quote_token.symbol}
                size={32}
                className="ring-2 ring-[var(--panel)]"
              />
            </span>
          ) : (
            <Skeleton width={52} height={32} className="rounded-full" />
          )}
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h1 className="text-lg font-semibold tracking-tight">
                {pool ? (
                  <>
                    {pool.base_token.symbol} <span className="text-muted">/</span>{' '}
                    {pool.quote_token.symbol}
                  </>
                ) : (
                  'Pool'
                )}
              </h1>
              {pool && <Badge tone="accent">{dexName(pool.dex)}</Badge>}
              <Badge>{chainName}</Badge>
            </div>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[12px] text-muted">
              {pool && <span className="truncate">{pool.name}</span>}
              {pool && (
                <Address value={pool.address} href={explorer?.address(pool.address)} external />
              )}
            </div>
          </div>
        </div>
        <div className="flex items-center gap-2">{actions}</div>
      </div>

      <div className="mt-3 grid gap-x-6 gap-y-3 lg:grid-cols-[auto_minmax(0,1fr)]">
        <LivePrice pool={pool} live={live} />
        <dl className="grid grid-cols-3 gap-x-4 gap-y-2 sm:grid-cols-6">
          {WINDOWS.map((w) => (
            <div key={w} className="min-w-0">
              <dt className="text-2xs uppercase tracking-wide text-muted">{WINDOW_LABELS[w]}</dt>
              <dd className="text-[13px]">
                {pool ? (
                  <Change value={pool.price_change_percentage[w]} />
                ) : (
                  <Skeleton width={52} />
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-border pt-2.5 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Liquidity" value={pool && formatCompact(pool.reserve_in_usd, USD)} />
        <Figure
          label="FDV"
          value={pool && (pool.fdv_usd === null ? 'n/a' : formatCompact(pool.fdv_usd, USD))}
        />
        <Figure
          label="Market cap"
          value={
            pool && (pool.market_cap_usd === null ? 'n/a' : formatCompact(pool.market_cap_usd, USD))
          }
        />
        <Figure label="Volume 24h" value={pool && formatCompact(pool.volume_usd.h24, USD)} />
        <Figure
          label="Txns 24h"
          value={
            pool &&
            (pool.transactions.h24.buys + pool.transactions.h24.sells).toLocaleString('en-US')
          }
        />
        <Figure
          label={pool ? `${pool.quote_token.symbol} price` : 'Quote price'}
          value={pool && formatPrice(pool.quote_token_price_usd, USD)}
        />
      </dl>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-2xs uppercase tracking-wide text-muted">{label}</dt>
      <dd
        className="num truncate text-[13px] font-medium"
        title={value === 'n/a' ? 'Not available from the upstream' : undefined}
      >
        {value ?? <Skeleton width={64} />}
      </dd>
    </div>
  );
}

/** The price from the last candle (live), in USD and in the quote token; the pool object's until candles arrive. */
function LivePrice({ pool, live }: { pool: PoolObject | null; live: Store<FeedSnapshot | null> }) {
  const snapshot = useStore(live);
  const close = snapshot?.last?.close ?? null;
  const usd =
    baseUsdFromClose(close, pool?.quote_token_price_usd) ??
    (pool ? Number(pool.base_token_price_usd) : null);
  const inQuote =
    close ?? (pool ? Number(pool.base_token_price_usd) / Number(pool.quote_token_price_usd) : null);
  return (
    <div className="min-w-[220px]" data-testid="pool-price">
      <Flash value={usd} className="num text-2xl font-semibold tracking-tight">
        {usd !== null && Number.isFinite(usd) ? (
          formatPrice(usd, USD)
        ) : (
          <Skeleton width={140} height={26} />
        )}
      </Flash>
      <div className="num text-[12px] text-muted">
        {inQuote !== null && Number.isFinite(inQuote) && pool ? (
          <>
            {formatChartPrice(inQuote, priceDecimals(inQuote))} {pool.quote_token.symbol}
          </>
        ) : (
          <Skeleton width={100} />
        )}
      </div>
    </div>
  );
}
