'use client';
import { clsx } from 'clsx';
import type { FiatItem } from '@/lib/contracts/price/schema';
import { TokenIcon } from '@/components/ui/token-icon';
import { Badge } from '@/components/ui/badge';
import { DataTable, SkeletonRow } from '@/components/ui/data-table';
import type { HeadColumn } from '@/components/ui/head-row';

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
  return (
    <div className="max-h-[720px] overflow-auto">
      <DataTable
        label="Fiat currencies"
        className="min-w-[420px]"
        columns={COLUMNS}
        rows={fiats}
        placeholders={12}
        skeleton={
          <SkeletonRow
            cell={cell}
            icon={18}
            label={32}
            cells={[[110], [16, 'text-center'], [10, 'text-right']]}
          />
        }
      >
        {(f) => (
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
                <span className="text-faint" title="No symbol configured: amounts show the code">
                  — {f.code}
                </span>
              )}
            </td>
            <td className={clsx(cell, 'text-right')}>{f.precision}</td>
          </tr>
        )}
      </DataTable>
    </div>
  );
}
