'use client';
import { clsx } from 'clsx';
import Link from 'next/link';
import { memo, useSyncExternalStore, type ReactNode } from 'react';
import { Flash } from '@/components/ui/flash';
import { ChainIcon, TokenIcon } from '@/components/ui/token-icon';
import { TokenAlertButton } from '@/components/alerts/token-alert-button';
import {
  formatCompact,
  formatPercent,
  formatPrice,
  formatSupply,
  type FiatFormat,
} from '@/lib/core/format/number';
import { compareDecimal } from '@/lib/features/fiats/compare';
import type { QuoteStore } from '@/lib/features/markets/quote-store';
import type { Row } from '@/lib/features/markets/table';
import type { ChainItem, TokenItem } from '@/lib/contracts/price/schema';
import { StarIcon } from '@/components/ui/icons';

function Change({ value }: { value: string | undefined }) {
  if (value === undefined) {
    return (
      <td className="px-3 text-right">
        <Pending />
      </td>
    );
  }
  // The colour follows the sign shown: a change that rounds to 0.00% is neither up nor down.
  const text = formatPercent(value);
  const tone = text.startsWith('+') ? 'text-up' : text.startsWith('-') ? 'text-down' : 'text-muted';
  return <td className={clsx('px-3 text-right', tone)}>{text}</td>;
}

function Pending() {
  return <span className="skeleton inline-block h-3 w-12 align-middle" aria-hidden />;
}

/**
 * One token. Its figures (QuoteCells) subscribe to its own quote, so a refresh re-renders them only
 * when they changed, and the price flashes once up or down; the rest of the row stays as it was.
 */
export const TokenRow = memo(function TokenRow({
  row,
  store,
  fiat,
  starred,
  onStar,
  chain,
}: {
  row: Row;
  store: QuoteStore;
  fiat: FiatFormat;
  starred: boolean;
  onStar: (id: number) => void;
  chain: ChainItem | undefined;
}) {
  const { token } = row;
  const chainCell = (
    <td className="px-3">
      <span className="flex min-w-0 items-center gap-1.5 text-muted">
        <ChainIcon chain={chain} name={token.chain_name} size={14} />
        <span className="truncate" data-testid="chain-name">
          {token.chain_name}
        </span>
      </span>
    </td>
  );
  return (
    <tr className="group h-9 border-b border-border/60 hover:bg-raised/60" data-token-id={token.id}>
      <td className="sticky left-0 z-[1] bg-panel px-2 group-hover:bg-raised">
        <div className="flex items-center gap-1.5 min-[400px]:gap-2">
          <button
            type="button"
            onClick={() => onStar(token.id)}
            aria-pressed={starred}
            aria-label={`${starred ? 'Remove' : 'Add'} ${token.symbol} ${starred ? 'from' : 'to'} the watchlist`}
            title={starred ? 'Remove from watchlist' : 'Add to watchlist'}
            className={clsx(
              'grid h-6 w-6 shrink-0 place-items-center rounded hover:bg-raised',
              starred ? 'text-warn' : 'text-faint hover:text-muted',
            )}
          >
            <StarIcon filled={starred} />
          </button>
          <span className="w-5 shrink-0 text-right text-2xs text-muted min-[400px]:w-7">
            {row.rank ?? ''}
          </span>
          <TokenIcon src={token.logo_url} symbol={token.symbol} size={20} />
          <Link
            href={`/tokens/${token.id}`}
            prefetch={false}
            className="min-w-0 truncate hover:underline focus-visible:underline"
            data-testid="token-link"
            title={`${token.name} (${token.symbol})`}
          >
            {/* On a narrow phone the column is narrow: the symbol alone, the name in the title. */}
            <span className="hidden font-medium text-text min-[400px]:inline">
              {token.name}
            </span>{' '}
            <span className="font-medium text-text min-[400px]:font-normal min-[400px]:text-muted">
              {token.symbol}
            </span>
          </Link>
        </div>
      </td>
      <QuoteCells token={token} store={store} fiat={fiat} chainCell={chainCell} />
    </tr>
  );
});

/**
 * The figures of a row: the only part that subscribes to the token's quote, so a refresh re-renders
 * these cells and leaves the name, icon, link and star alone.
 */
function QuoteCells({
  token,
  store,
  fiat,
  chainCell,
}: {
  token: TokenItem;
  store: QuoteStore;
  fiat: FiatFormat;
  chainCell: ReactNode;
}) {
  const { id, symbol } = token;
  const quote = useSyncExternalStore(
    (listener) => store.subscribe(id, listener),
    () => store.get(id),
    // The server renders the quotes it loaded (lib/features/markets/server.ts); the store is seeded
    // with the same ones in the browser, so hydration agrees.
    () => store.get(id),
  );
  return (
    <>
      <td className="px-3 text-right font-medium text-text" data-testid="price">
        {/* The bell at the cell's left, the price at its right edge. */}
        <div className="flex items-center justify-between gap-1">
          <span className="-ml-1.5">
            <TokenAlertButton token={token} fiat={fiat} price={quote?.price} />
          </span>
          {quote ? (
            <Flash value={quote.price} compare={compareDecimal} className="px-1">
              {formatPrice(quote.price, fiat)}
            </Flash>
          ) : (
            <Pending />
          )}
        </div>
      </td>
      {chainCell}
      <Change value={quote?.percent_change_1h} />
      <Change value={quote?.percent_change_24h} />
      <Change value={quote?.percent_change_7d} />
      <Change value={quote?.percent_change_30d} />
      <td className="px-3 text-right">
        {quote ? formatCompact(quote.market_cap, fiat) : <Pending />}
      </td>
      <td className="px-3 text-right">
        {quote ? formatCompact(quote.volume_24h, fiat) : <Pending />}
      </td>
      <td className="px-3 text-right">
        {quote ? formatCompact(quote.fully_diluted_valuation, fiat) : <Pending />}
      </td>
      <td className="px-3 text-right text-muted">
        {quote ? (
          <>
            {formatSupply(quote.circulating_supply)} <span className="text-faint">{symbol}</span>
          </>
        ) : (
          <Pending />
        )}
      </td>
    </>
  );
}
