'use client';
import type { CompareRow } from '@/lib/chart/draw/compare-series';
import type { ChangeSince } from '@/lib/chart/rules/compare';
import { formatChangePercent } from '@/lib/chart/rules/price-format';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { usePoolName } from './pool-name';

const TONE = { up: 'text-up', down: 'text-down', flat: 'text-muted' } as const;

function Change({ change }: { change: ChangeSince | null }) {
  if (!change || change.percent === null) return <span className="text-muted">—</span>;
  const c = formatChangePercent(change.percent);
  return <span className={TONE[c.dir]}>{c.text}</span>;
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      className="inline-block h-0.5 w-3 rounded-full"
      style={{ background: color }}
    />
  );
}

function Row({ row, onRemove }: { row: CompareRow; onRemove?: (pool: PoolRef) => void }) {
  const { name, missing } = usePoolName(row.pool);
  const problem = missing
    ? 'no such pool'
    : row.state === 'error'
      ? (row.error ?? 'its candles could not be loaded')
      : row.state === 'empty'
        ? 'no candles at this interval'
        : null;
  return (
    <li
      className="flex items-center gap-1.5 whitespace-nowrap"
      data-testid="legend-compare"
      data-pool={row.key}
    >
      <Swatch color={row.color} />
      <span className="max-w-[14rem] truncate text-text" title={row.key}>
        {name}
      </span>
      {problem ? (
        <span className="text-warn" role="status">
          {problem}
        </span>
      ) : (
        <Change change={row.change} />
      )}
      {onRemove && (
        <button
          type="button"
          onClick={() => onRemove(row.pool)}
          aria-label={`Remove ${name} from the comparison`}
          title="Remove from the comparison"
          className="pointer-events-auto grid h-5 w-5 place-items-center rounded text-muted hover:bg-raised hover:text-text"
        >
          ×
        </button>
      )}
    </li>
  );
}

/**
 * The comparison's legend under the price legend: the pool on screen and each compared pool, with
 * the colour of its line and its change since the first visible bar (the hovered bar's, or the last),
 * as the percent scale draws it.
 */
export function CompareLegend({
  title,
  mainColor,
  main,
  rows,
  onRemove,
}: {
  title?: string;
  mainColor: string;
  main: ChangeSince | null;
  rows: readonly CompareRow[];
  onRemove?: (pool: PoolRef) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <ul
      // A veil of the panel's colour keeps the rows readable over the lines they describe.
      className="num mt-1 flex w-fit flex-col gap-0.5 rounded bg-[color-mix(in_srgb,var(--panel)_78%,transparent)] py-0.5 pr-1 text-11 leading-4"
      aria-label="Compared pools"
    >
      <li className="flex items-center gap-1.5 whitespace-nowrap" data-testid="legend-compare-main">
        <Swatch color={mainColor} />
        <span className="text-text">{title ?? 'This pool'}</span>
        <Change change={main} />
      </li>
      {rows.map((row) => (
        <Row key={row.key} row={row} onRemove={onRemove} />
      ))}
    </ul>
  );
}
