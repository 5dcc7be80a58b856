'use client';
import { clsx } from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import { formatCompact, formatPrice, formatCount } from '@/lib/core/format/number';
import { useMoney } from '@/lib/features/fiats/use-money';
import type { Explorer } from '@/lib/features/chains/explorer';
import type { LatestClose } from '@/lib/features/pools/live';
import { quoteSourceText } from '@/lib/features/pools/pricing';
import { useQuoteUsd, type QuoteUsdFrom } from '@/lib/features/pools/use-quote-usd';
import { dexName } from '@/lib/features/pools/summary';
import type { PoolObject, PoolWindow } from '@/lib/contracts/price/schema';
import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { Change } from '@/components/ui/change';
import { Skeleton } from '@/components/ui/skeleton';
import { PairIcons } from '@/components/ui/token-icon';
import type { Store } from '@/components/chart/snapshot-store';
import { LivePrice } from './live-price';
import { ChevronDownIcon } from '@/components/ui/icons';

export const WINDOW_LABELS: Record<PoolWindow, string> = {
  m5: '5m',
  m15: '15m',
  m30: '30m',
  h1: '1h',
  h6: '6h',
  h24: '24h',
};
const WINDOWS = Object.keys(WINDOW_LABELS) as PoolWindow[];

/** A pool's price change over one window, as a `<dd>` (a placeholder until the pool is read). */
export function WindowChange({
  pool,
  window,
  placeholderWidth,
}: {
  pool: PoolObject | null;
  window: PoolWindow;
  placeholderWidth: number;
}) {
  return (
    <dd className="text-13">
      {pool ? (
        <Change value={pool.price_change_percentage[window]} />
      ) : (
        <Skeleton width={placeholderWidth} />
      )}
    </dd>
  );
}

/**
 * Pair, DEX, network, tokens, the live pool price (from the last candle, from the first paint), the
 * change per window and the pool's key figures, in the display fiat. The changes and figures are the
 * price service's pool object, an hourly snapshot, and say so. On a phone the changes are one
 * scrolling row that fades at its edge (so a cut figure reads as "scroll on", not as clipped) and the key figures (with the quote token's price and the note on their sources)
 * fold behind a disclosure beside it, so the chart starts high on the first screen.
 */
export function PoolHeader({
  pool,
  chainName,
  explorer,
  live,
  initialLive,
  quoteFrom,
  actions,
}: {
  pool: PoolObject | null;
  chainName: string;
  explorer: Explorer | null;
  live: Store<FeedSnapshot | null>;
  /** the latest candle the server read, for the first paint */
  initialLive: LatestClose | null;
  /** the quote token whose USD price the dollar figures are computed at (lib/features/pools/pricing.ts) */
  quoteFrom: QuoteUsdFrom;
  actions?: ReactNode;
}) {
  const money = useMoney();
  const quote = useQuoteUsd(quoteFrom.ref, quoteFrom.token, quoteFrom.initial);
  // Phones only: from `sm` up the figures are always shown and the toggle is not drawn.
  const [figuresOpen, setFiguresOpen] = useState(false);
  const figuresId = useId();
  const compact = (usd: string | null | undefined) =>
    usd == null ? 'n/a' : formatCompact(money.of(usd), money.format);
  return (
    <section
      className="mb-3 rounded-md border border-border bg-panel px-3 py-2 sm:py-2.5"
      aria-label="Pool summary"
    >
      <div className="flex items-start justify-between gap-x-3 gap-y-2 sm:flex-wrap sm:gap-x-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          {pool ? (
            <PairIcons
              base={{ image: pool.base_token.image_url, symbol: pool.base_token.symbol }}
              quote={{ image: pool.quote_token.image_url, symbol: pool.quote_token.symbol }}
              size={28}
              overlap="-space-x-2"
            />
          ) : (
            <Skeleton width={48} height={28} className="rounded-full" />
          )}
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <h1 className="text-base font-semibold tracking-tight sm:text-lg">
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
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-12 text-muted">
              {pool && <span className="hidden truncate sm:inline">{pool.name}</span>}
              {pool && (
                <Address value={pool.address} href={explorer?.address(pool.address)} external />
              )}
            </div>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">{actions}</div>
      </div>

      <div className="mt-2 grid gap-x-6 gap-y-2 sm:mt-3 sm:gap-y-3 lg:grid-cols-[auto_minmax(0,1fr)]">
        <LivePrice pool={pool} live={live} initial={initialLive} quote={quote} money={money} />
        <div className="flex min-w-0 items-end gap-2">
          <dl
            className="-ml-3 flex min-w-0 flex-1 gap-x-4 overflow-x-auto pr-5 pl-3 [mask-image:linear-gradient(to_right,#000_calc(100%-1.25rem),transparent)] sm:mx-0 sm:grid sm:grid-cols-6 sm:gap-y-2 sm:overflow-visible sm:px-0 sm:[mask-image:none]"
            aria-label="Price change, hourly snapshot"
          >
            {WINDOWS.map((w) => (
              <div key={w} className="min-w-fit shrink-0 sm:min-w-0">
                <dt className="text-2xs uppercase tracking-wide text-muted">{WINDOW_LABELS[w]}</dt>
                <WindowChange pool={pool} window={w} placeholderWidth={52} />
              </div>
            ))}
          </dl>
          <button
            type="button"
            aria-expanded={figuresOpen}
            aria-controls={figuresId}
            onClick={() => setFiguresOpen((o) => !o)}
            title={figuresOpen ? "Hide the pool's figures" : "Show the pool's figures"}
            className={clsx(
              'flex h-7 shrink-0 items-center gap-1 rounded border px-2 text-11 font-medium sm:hidden',
              figuresOpen
                ? 'border-accent bg-raised text-text'
                : 'border-border bg-panel text-muted',
            )}
          >
            Figures
            <ChevronDownIcon className={figuresOpen ? 'rotate-180' : undefined} />
          </button>
        </div>
      </div>

      <div
        id={figuresId}
        className={clsx(
          'mt-2 border-t border-border pt-2 sm:mt-3 sm:block sm:pt-2.5',
          !figuresOpen && 'hidden',
        )}
      >
        <dl
          className="-mx-3 flex gap-x-5 overflow-x-auto px-3 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-x-4 sm:gap-y-2 sm:overflow-visible sm:px-0 lg:grid-cols-6"
          aria-label="Pool figures, hourly snapshot"
        >
          <Figure label="Liquidity" value={pool && compact(pool.reserve_in_usd)} />
          <Figure label="FDV" value={pool && compact(pool.fdv_usd)} />
          <Figure label="Market cap" value={pool && compact(pool.market_cap_usd)} />
          <Figure label="Volume 24h" value={pool && compact(pool.volume_usd.h24)} />
          <Figure
            label="Txns 24h"
            value={pool && formatCount(pool.transactions.h24.buys + pool.transactions.h24.sells)}
          />
          <Figure
            label={pool ? `${pool.quote_token.symbol} price` : 'Quote price'}
            value={pool && quote && formatPrice(money.of(quote.usd), money.format)}
            note={pool ? quoteSourceText(quote, pool.quote_token.symbol) : undefined}
            source={quote?.source}
          />
        </dl>
        <p className="mt-1 text-2xs text-muted" data-testid="snapshot-note">
          Changes and figures: the price service&rsquo;s hourly pool snapshot
          {pool && quote?.source === 'live'
            ? `; the ${pool.quote_token.symbol} price: its live quote.`
            : '.'}
        </p>
      </div>
    </section>
  );
}

function Figure({
  label,
  value,
  note,
  source,
}: {
  label: string;
  value: string | null;
  /** where the figure comes from, when not the snapshot the note below names */
  note?: string;
  source?: string;
}) {
  return (
    <div className="min-w-fit shrink-0 sm:min-w-0" data-source={source}>
      <dt className="whitespace-nowrap text-2xs uppercase tracking-wide text-muted">{label}</dt>
      <dd
        className="num truncate text-13 font-medium"
        title={value === 'n/a' ? 'Not available from the upstream' : note}
      >
        {value ?? <Skeleton width={64} />}
      </dd>
    </div>
  );
}
