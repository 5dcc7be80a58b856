'use client';
import { clsx } from 'clsx';
import type { FiatItem } from '@/lib/contracts/price/schema';
import { TokenIcon } from '@/components/ui/token-icon';
import { Badge } from '@/components/ui/badge';
import { HeadRow, type HeadColumn } from '@/components/ui/head-row';
import { SkeletonRow } from './skeleton-row';

const cell = 'h-9 border-b border-border/60 px-3';
const COLUMNS: readonly HeadColumn[] = [
  ['Currency', 'sticky left-0 z-10 text-left'],
  ['Name', 'text-left'],
  ['Symbol', 'text-center'],
  ['Precision', 'text-right'],
];

/** The fiats the price service lists; the code picks the base of the rates table. */
export function FiatList({
  fiats,
  base,
  display,
  onPick,
}: {
  fiats: FiatItem[] | undefined;
  base: string;
  display: string;
  onPick: (code: string) => void;
}) {
  const rows = fiats ?? Array.from({ length: 12 }, () => null);
  return (
    <div className="max-h-[720px] overflow-auto">
      <table
        className="num w-full min-w-[420px] border-separate border-spacing-0 whitespace-nowrap text-13"
        aria-label="Fiat currencies"
        aria-busy={fiats ? undefined : true}
      >
        <thead className="sticky top-0 z-20 text-2xs uppercase tracking-wide text-muted">
          <HeadRow head="bg-panel px-3 py-2 font-medium" columns={COLUMNS} />
        </thead>
        <tbody>
          {rows.map((f, i) =>
            f ? (
              <tr
                key={f.code}
                className={clsx('group hover:bg-raised/50', f.code === base && 'bg-raised/40')}
                data-testid="fiat-row"
              >
                <td className={clsx(cell, 'sticky left-0 bg-panel group-hover:bg-raised')}>
                  <button
                    type="button"
                    onClick={() => onPick(f.code)}
                    title={`Show rates from ${f.code}`}
                    aria-label={`${f.code}: show rates from ${f.name}`}
                    aria-pressed={f.code === base}
                    className="flex items-center gap-2 font-semibold hover:text-accent"
                  >
                    <TokenIcon src={f.icon_url} symbol={f.code} size={18} />
                    {f.code}
                  </button>
                </td>
                <td className={clsx(cell, 'text-muted')}>
                  {f.name}
                  {f.code === display && <Badge className="ml-1.5">display</Badge>}
                </td>
                <td className={clsx(cell, 'text-center')}>
                  {f.symbol ? (
                    f.symbol
                  ) : (
                    <span
                      className="text-faint"
                      title="No symbol configured: amounts show the code"
                    >
                      — {f.code}
                    </span>
                  )}
                </td>
                <td className={clsx(cell, 'text-right')}>{f.precision}</td>
              </tr>
            ) : (
              <SkeletonRow
                key={`s${i}`}
                cell={cell}
                code={32}
                bars={[[110], [16, 'text-center'], [10, 'text-right']]}
              />
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
