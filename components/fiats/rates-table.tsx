'use client';
import { clsx } from 'clsx';
import Big from 'big.js';
import type { FiatItem, FiatRateItem } from '@/lib/contracts/price/schema';
import { compareDecimal } from '@/lib/features/fiats/compare';
import { localize } from '@/lib/core/format/locale-number';
import { formatFixed } from '@/lib/core/format/number';
import { useNumberLocale } from '@/lib/client/hooks/use-number-locale';
import { Flash } from '@/components/ui/flash';
import { TokenIcon } from '@/components/ui/token-icon';
import { DataTable, SkeletonRow } from '@/components/ui/data-table';

const cell = 'h-9 border-b border-border/60 px-3';

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
  return (
    <div className="max-h-[720px] overflow-auto">
      <DataTable
        label={`Exchange rates from ${base}`}
        className="min-w-[460px]"
        columns={[
          ['Currency', 'sticky left-0 z-10 text-left'],
          [`1 ${base} =`, 'text-right'],
          [`in ${base}`, 'text-right'],
        ]}
        rows={rates}
        placeholders={12}
        skeleton={
          <SkeletonRow
            cell={cell}
            icon={18}
            label={120}
            cells={[
              [110, 'text-right'],
              [90, 'text-right'],
            ]}
          />
        }
      >
        {(r) => {
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
        }}
      </DataTable>
    </div>
  );
}
