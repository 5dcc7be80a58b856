'use client';
/**
 * The keyboard's way to your trades' markers: a small button under the chart's legend that opens the
 * same rows the markers' cards show (newest first, each with its transaction link). It floats over
 * the chart, so showing it when the first trade arrives moves nothing on the page.
 */
import { useId, useState } from 'react';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import { TradeRow, type TradeRowSymbols } from './trade-tooltip';

/** Rows listed; the markers still show every trade loaded. */
const MAX_LISTED = 50;

export function MyTradesList({
  trades,
  tz,
  symbols,
}: {
  trades: readonly MarkerTrade[];
  tz: TimeZoneMode;
  symbols: TradeRowSymbols;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (trades.length === 0) return null;
  const listed = trades.slice(-MAX_LISTED).reverse();
  return (
    <div
      className="pointer-events-auto mt-1 w-fit"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          e.currentTarget.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="num inline-flex h-5 items-center gap-1 rounded border border-border bg-raised/80 px-1.5 text-10 font-medium text-muted hover:text-text aria-expanded:text-text"
        data-testid="my-trades-toggle"
      >
        Your trades <span className="text-text">{trades.length}</span>
        <span aria-hidden>{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <section
          id={id}
          aria-label="Your trades in this pool"
          className="mt-1 max-h-64 w-[264px] overflow-y-auto rounded-md border border-border bg-raised px-3 py-2 text-11 leading-4 shadow-lg shadow-black/30"
        >
          <ul className="divide-y divide-border">
            {listed.map((t) => (
              <TradeRow key={t.key} trade={t} tz={tz} symbols={symbols} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
