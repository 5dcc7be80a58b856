'use client';
/**
 * The workspace: one, two or four live charts, any pools at any intervals, crosshair and time in
 * step when the trader wants (lib/chart/draw/sync.ts). The desk is the URL (lib/features/workspace/
 * params.ts), so a shared link opens the same desk. Every chart's live candles come through the
 * tab's one stream: the desk follows all its charts' topics at once when it mounts, so the stream
 * opens once with all of them, however the charts' own creation is staggered.
 */
import { clsx } from 'clsx';
import { useQueries } from '@tanstack/react-query';
import { usePathname } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { topicKey } from '@/lib/contracts/stream/topics';
import { ChartSync } from '@/lib/chart/draw/sync';
import { useUrlView } from '@/lib/client/hooks/use-url-params';
import { usePrefs } from '@/lib/client/stores/prefs';
import type { ChainOption } from '@/lib/features/pools/chain-options';
import { poolQuery } from '@/lib/features/pools/queries';
import type { PoolSummary } from '@/lib/features/pools/summary';
import {
  MAX_CELLS,
  defaultCells,
  deskQuery,
  parseDesk,
  type DeskCell,
  type DeskLayout,
  type DeskParams,
  type DeskSync,
} from '@/lib/features/workspace/params';
import { Svg } from '@/components/ui/icons';
import { Segmented, type SegmentedOption } from '@/components/ui/segmented';
import { DeskCellView, type PoolStatus } from './desk-cell';
import { useDeskTopics } from './use-desk-topics';

const layoutOption = (value: DeskLayout, label: string, cells: string[]) => ({
  value,
  label,
  icon: (active: boolean) => <LayoutIcon cells={cells} active={active} />,
});

/** One, two or four charts: each drawn as the desk it makes. */
const LAYOUTS: readonly SegmentedOption<DeskLayout>[] = [
  layoutOption(1, '1 chart', ['M3 3h18v18H3z']),
  layoutOption(2, '2 charts', ['M3 3h8v18H3z', 'M13 3h8v18h-8z']),
  layoutOption(4, '4 charts', ['M3 3h8v8H3z', 'M13 3h8v8h-8z', 'M3 13h8v8H3z', 'M13 13h8v8h-8z']),
];

export interface FeaturedChoice {
  ref: PoolRef;
  /** null when the price service did not know or did not answer */
  summary: PoolSummary | null;
}

/** Columns and rows per layout: side by side and 2×2 from md up, stacked on a phone. */
const GRID: Record<DeskLayout, string> = {
  1: 'md:grid-cols-1 md:grid-rows-1',
  2: 'md:grid-cols-2 md:grid-rows-1',
  4: 'md:grid-cols-2 md:grid-rows-2',
};
/** Charts are created one after another, this far apart, so that none holds the page up. */
const STAGGER_MS = 90;

/** The workspace's layouts as pictures: each cell a rectangle, shaded when the layout is chosen. */
const LayoutIcon = ({ cells, active }: { cells: readonly string[]; active: boolean }) => (
  <Svg size={14} fill={active ? 'currentColor' : 'none'}>
    {cells.map((d) => (
      <path key={d} d={d} fillOpacity={active ? 0.25 : 0} strokeLinejoin="round" />
    ))}
  </Svg>
);

export function WorkspaceView({
  initialDesk,
  featured,
  initialPools,
  chains,
  initialTo,
}: {
  initialDesk: DeskParams;
  featured: FeaturedChoice[];
  /** the cells' pool objects the server looked up (null: the price service has no such pool) */
  initialPools: Record<string, PoolObject | null>;
  chains: ChainOption[];
  /** per cell, the end of its preloaded first window of candles */
  initialTo: (number | null)[];
}) {
  const pathname = usePathname();
  const fallback = useMemo(() => defaultCells(featured.map((f) => f.ref)), [featured]);
  // The preloaded first windows belong to the desk as the server read it, not to a later one.
  const [preloaded, setPreloaded] = useState(true);
  // A deliberate change is a new history entry, so Back undoes it; Back and Forward bring their desk.
  const [desk, setDesk] = useUrlView(
    initialDesk,
    (d) => `${pathname}${deskQuery(d)}`,
    (search) => parseDesk(search, fallback),
    () => setPreloaded(false),
  );
  // The cells a smaller layout hides, kept so that going back to four charts brings them back.
  const [hidden, setHidden] = useState<(DeskCell | null)[]>([]);
  const [sync] = useState(() => new ChartSync());
  const theme = usePrefs((s) => s.theme);
  const tz = usePrefs((s) => s.tz);

  useEffect(() => {
    sync.setOptions(desk.sync);
  }, [sync, desk.sync]);

  const change = (next: DeskParams) => {
    setPreloaded(false);
    setDesk(next, 'push');
  };
  const setCell = (index: number, cell: DeskCell | null) =>
    change({ ...desk, cells: desk.cells.map((c, i) => (i === index ? cell : c)) });
  const setSync = (patch: Partial<DeskSync>) =>
    change({ ...desk, sync: { ...desk.sync, ...patch } });
  const setLayout = (layout: DeskLayout) => {
    if (layout === desk.layout) return;
    const all = [...desk.cells, ...hidden];
    // New cells: the ones hidden before, else featured pools not on the desk yet.
    const shown = new Set(all.flatMap((c) => (c ? [poolKey(c.pool)] : [])));
    const spare = fallback.filter((c) => !shown.has(poolKey(c.pool)));
    const cells = Array.from({ length: layout }, (_, i) =>
      i < all.length ? (all[i] ?? null) : (spare.shift() ?? null),
    );
    setHidden(all.slice(layout, MAX_CELLS));
    change({ ...desk, layout, cells });
  };

  // Each distinct pool once: two charts of one pool share its look-up.
  const pools = [
    ...new Map(desk.cells.flatMap((c) => (c ? [[poolKey(c.pool), c.pool] as const] : []))),
  ];
  const lookups = useQueries({
    queries: pools.map(([key, ref]) => ({
      ...poolQuery(ref),
      initialData: key in initialPools ? initialPools[key] : undefined,
    })),
  });
  const statusOf = (ref: PoolRef): { status: PoolStatus; pool: PoolObject | null } => {
    const i = pools.findIndex(([key]) => key === poolKey(ref));
    const q = lookups[i];
    if (!q || q.data === undefined) return { status: q?.isError ? 'error' : 'loading', pool: null };
    return q.data === null ? { status: 'missing', pool: null } : { status: 'found', pool: q.data };
  };

  // Only pools that can have candles: an unknown one costs no upstream subscription.
  useDeskTopics(
    desk.cells.flatMap((c) => {
      if (!c) return [];
      const { status } = statusOf(c.pool);
      if (status !== 'found' && status !== 'error') return [];
      const { chainType, chainId, address } = c.pool;
      return [topicKey.ohlcv(chainType, chainId, address, c.interval)];
    }),
  );

  const chainName = (ref: PoolRef) =>
    chains.find((c) => c.chainType === ref.chainType && c.chainId === ref.chainId)?.label ??
    `${ref.chainType.toUpperCase()} ${ref.chainId}`;

  return (
    <div className="flex flex-col gap-2 md:-mb-8 md:h-[calc(100dvh-4.5rem)] md:min-h-[540px]">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 items-baseline gap-3">
          <h1 className="text-lg font-semibold tracking-tight">Workspace</h1>
          <p className="hidden text-12 text-muted lg:block">
            Any pools at any intervals, live. The link keeps the desk.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Segmented label="Layout" options={LAYOUTS} value={desk.layout} onChange={setLayout} />
          <div
            role="group"
            aria-label="Keep the charts in step"
            className="flex items-center gap-1 rounded border border-border bg-panel p-0.5"
          >
            <span className="px-1.5 text-2xs uppercase tracking-wide text-muted" aria-hidden>
              Sync
            </span>
            <SyncToggle
              label="Crosshair"
              title="The crosshair of the chart under the pointer is drawn on the others, at the same time"
              pressed={desk.sync.crosshair}
              onChange={(crosshair) => setSync({ crosshair })}
            />
            <SyncToggle
              label="Time"
              title="Scrolling or zooming one chart shows the same time range on the others"
              pressed={desk.sync.time}
              onChange={(time) => setSync({ time })}
            />
          </div>
        </div>
      </div>
      <div
        className={clsx('grid min-h-0 flex-1 grid-cols-1 gap-2', GRID[desk.layout])}
        data-testid="desk"
        data-layout={desk.layout}
      >
        {desk.cells.map((cell, i) => {
          const lookup = cell ? statusOf(cell.pool) : null;
          return (
            <DeskCellView
              key={i}
              index={i}
              cell={cell}
              status={lookup?.status ?? 'loading'}
              pool={lookup?.pool ?? null}
              chainName={cell ? chainName(cell.pool) : ''}
              onChange={(next) => setCell(i, next)}
              featured={featured}
              chainNameOf={chainName}
              chains={chains}
              sync={sync}
              theme={theme}
              tz={tz}
              createDelay={i * STAGGER_MS}
              initialTo={preloaded ? (initialTo[i] ?? undefined) : undefined}
              tall={desk.layout === 1}
            />
          );
        })}
      </div>
    </div>
  );
}

function SyncToggle({
  label,
  title,
  pressed,
  onChange,
}: {
  label: string;
  title: string;
  pressed: boolean;
  onChange: (pressed: boolean) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      title={title}
      onClick={() => onChange(!pressed)}
      className={clsx(
        'h-6 rounded-sm px-2 text-control font-medium transition-colors',
        pressed ? 'bg-raised text-text' : 'text-muted hover:text-text',
      )}
    >
      <span
        aria-hidden
        className={clsx(
          'mr-1 inline-block h-1.5 w-1.5 rounded-full align-middle',
          pressed ? 'bg-accent' : 'bg-border',
        )}
      />
      {label}
    </button>
  );
}
