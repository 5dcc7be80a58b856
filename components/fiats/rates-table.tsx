'use client';
import { clsx } from 'clsx';
import Big from 'big.js';
import type { FiatItem, FiatRateItem } from '@/lib/contracts/price/schema';
import { compareDecimal } from '@/lib/features/fiats/compare';
import { localize } from '@/lib/core/format/locale-number';
import { formatFixed } from '@/lib/core/format/number';
import { useNumberLocale } from '@/lib/client/hooks/use-number-locale';
import { Flash } from '@/components/ui/flash';
import { SkeletonRow } from './skeleton-row';
import { TokenIcon } from '@/components/ui/token-icon';
import { HeadRow } from '@/components/ui/head-row';

const cell = 'h-9 border-b border-border/60 px-3';
const head = 'bg-panel px-3 py-2 font-medium';

function inverse(rate: string): string {
  try {
    const b = new Big(rate);
    return b.eq(0) ? '—' : formatFixed(new Big(1).div(b), 8);
  } catch {
    return '—';
  }
}

/** The rate with every decimal it came with (the seed's 8), digits grouped: `1,383.25402200`. */
function grouped(rate: string): string {
  const decimals = rate.includes('.') ? (rate.split('.')[1] ?? '').length : 0;
  return formatFixed(rate, decimals);
}

/**
 * Rates of one base: `1 BASE = rate TARGET`, the rate's digits exactly as the upstream gave them (8
 * decimals), grouped in the browser's notation, flashing when it changes; the inverse is computed
 * with big.js to the same 8 decimals.
 */
export function RatesTable({
  base,
  rates,
  fiats,
}: {
  base: string;
  rates: FiatRateItem[] | null;
  fiats: FiatItem[] | undefined;
}) {
  const byCode = new Map(fiats?.map((f) => [f.code.toUpperCase(), f]));
  const seps = useNumberLocale();
  const rows = rates ?? Array.from({ length: 12 }, () => null);
  return (
    <div className="max-h-[720px] overflow-auto">
      <table
        className="num w-full min-w-[460px] border-separate border-spacing-0 whitespace-nowrap text-13"
        aria-label={`Exchange rates from ${base}`}
        aria-busy={rates ? undefined : true}
      >
        <thead className="sticky top-0 z-20 text-2xs uppercase tracking-wide text-muted">
          <HeadRow
            head={head}
            columns={[
              ['Currency', 'sticky left-0 z-10 text-left'],
              [`1 ${base} =`, 'text-right'],
              [`in ${base}`, 'text-right'],
            ]}
          />
        </thead>
        <tbody>
          {rows.map((r, i) => {
            if (!r) {
              return (
                <SkeletonRow
                  key={`s${i}`}
                  cell={cell}
                  code={120}
                  bars={[
                    [110, 'text-right'],
                    [90, 'text-right'],
                  ]}
                />
              );
            }
            const f = byCode.get(r.target_fiat_code.toUpperCase());
            return (
              <tr
                key={r.target_fiat_code}
                className="group hover:bg-raised/50"
                data-testid="rate-row"
                data-code={r.target_fiat_code}
              >
                <td className={clsx(cell, 'sticky left-0 bg-panel group-hover:bg-raised')}>
                  <span className="flex items-center gap-2">
                    <TokenIcon src={f?.icon_url} symbol={r.target_fiat_code} size={18} />
                    <span className="font-semibold">{r.target_fiat_code}</span>
                    <span className="hidden text-muted sm:inline">{f?.name ?? ''}</span>
                  </span>
                </td>
                <td className={clsx(cell, 'text-right')}>
                  <Flash value={r.rate} compare={compareDecimal} className="px-1">
                    <span data-testid="rate" data-value={r.rate} className="font-medium">
                      {localize(grouped(r.rate), seps)}
                    </span>
                  </Flash>
                  <span className="ml-1 inline-block w-9 text-left text-2xs text-muted">
                    {r.target_fiat_code}
                  </span>
                </td>
                <td className={clsx(cell, 'text-right text-muted')}>
                  {localize(inverse(r.rate), seps)}
                  <span className="ml-1 inline-block w-9 text-left text-2xs">{base}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
