'use client';
/**
 * One chart of the workspace: the pool page's chart (components/chart/candle-chart.tsx) with the
 * pair and its live price, the pool and interval pickers, its indicators (kept per cell in the
 * desk's URL) and price lines (kept per pool in this browser, as on the pool page: a line drawn
 * there shows here and back), and a link to the pool page above it. Both panels load at first use,
 * as on the pool page. An empty cell asks for a pool; a pool the price service does not know says
 * so in its cell.
 */
import { clsx } from 'clsx';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { poolKey, poolPath, type PoolRef } from '@/lib/contracts/pool-ref';
import type { PoolObject } from '@/lib/contracts/price/schema';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { ChartSync } from '@/lib/chart/draw/sync';
import type { Theme, TimeZoneMode } from '@/lib/client/stores/prefs';
import type { FeedSnapshot } from '@/lib/chart/rules/feed';
import { DEFAULT_INTERVAL } from '@/lib/chart/rules/intervals';
import type { ChainOption } from '@/lib/features/pools/chain-options';
import { dexName, summarize, type PoolSummary } from '@/lib/features/pools/summary';
import type { DeskCell } from '@/lib/features/workspace/params';
import type { PoolTarget } from '@/lib/features/alerts/model';
import { OVERLAY, type StudySpec } from '@/lib/chart/rules/studies';
import { CandleChart } from '@/components/chart/candle-chart';
import { IntervalPicker } from '@/components/chart/chart-toolbar';
import { LazyPriceLines } from '@/components/chart/lazy-price-lines';
import { StudiesControl } from '@/components/chart/studies-control';
import { createStore } from '@/components/chart/snapshot-store';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PairIcons, TokenIcon } from '@/components/ui/token-icon';
import { CellPrice } from './cell-price';
import type { FeaturedChoice } from './workspace-view';
import { ChevronDownIcon, ExternalIcon } from '@/components/ui/icons';

// Only a user who changes a pool pays for the picker (its list and the address form).
const PoolPicker = dynamic(() => import('./pool-picker').then((m) => m.PoolPicker), {
  ssr: false,
});

const NO_STUDIES: StudySpec[] = [];

export type PoolStatus = 'found' | 'missing' | 'error' | 'loading';

export function DeskCellView({
  index,
  cell,
  status,
  pool,
  chainName,
  chainNameOf,
  onChange,
  featured,
  chains,
  sync,
  theme,
  tz,
  createDelay,
  initialTo,
  tall,
}: {
  index: number;
  cell: DeskCell | null;
  status: PoolStatus;
  pool: PoolObject | null;
  chainName: string;
  chainNameOf: (ref: PoolRef) => string;
  onChange: (cell: DeskCell | null) => void;
  featured: FeaturedChoice[];
  chains: ChainOption[];
  sync: ChartSync;
  theme: Theme;
  tz: TimeZoneMode;
  createDelay: number;
  initialTo?: number;
  /** the only chart of the desk: taller on a phone */
  tall: boolean;
}) {
  const n = index + 1;
  const id = `chart-${n}`;
  const [picking, setPicking] = useState(false);
  // Mounted at the first opening and kept, so closing it hands the focus back as a dialog should.
  const [pickerUsed, setPickerUsed] = useState(false);
  const [live] = useState(() => createStore<FeedSnapshot | null>(null));
  const summary = useMemo(() => (pool ? summarize(pool) : null), [pool]);
  const title = summary ? `${summary.base.symbol}/${summary.quote.symbol}` : undefined;
  const key = cell ? poolKey(cell.pool) : '';

  // Another pool: its price starts afresh (a new interval keeps the last one while it loads).
  useEffect(() => live.set(null), [live, key]);

  const leave = useRef<(() => void) | null>(null);
  const wasReady = useRef(false);
  // The chart's controller apart from the cell's state: its arrival renders the price lines' buttons only.
  const [controllerStore] = useState(() => createStore<ChartController | null>(null));
  const quoteSymbol = summary?.quote.symbol;
  const lineTarget = useMemo<PoolTarget | null>(
    () =>
      cell
        ? {
            kind: 'pool',
            ...cell.pool,
            ...(title ? { label: title } : {}),
            ...(quoteSymbol ? { quote: quoteSymbol } : {}),
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pool is named by its key
    [key, title, quoteSymbol],
  );
  const onController = (controller: ChartController | null) => {
    controllerStore.set(controller);
    leave.current?.();
    leave.current = controller ? sync.join(id, controller) : null;
  };
  const onSnapshot = (s: FeedSnapshot) => {
    const last = s.last ?? live.get()?.last ?? null;
    live.set(last === s.last ? s : { ...s, last });
    // New bars drawn (a new pool or interval): with time in step, this chart takes the desk's view.
    const ready = s.state === 'ready';
    if (ready && !wasReady.current) requestAnimationFrame(() => sync.ready(id));
    wasReady.current = ready;
  };
  const lead = () => sync.lead(id);

  const openPicker = () => {
    setPickerUsed(true);
    setPicking(true);
  };
  const pick = (ref: PoolRef) => {
    setPicking(false);
    // Another pool keeps the cell's interval and indicators.
    onChange({ ...cell, pool: ref, interval: cell?.interval ?? DEFAULT_INTERVAL });
  };

  // On a phone the cells stack: each RSI or MACD pane adds its height, so the price keeps its own.
  const height = tall
    ? 'h-[calc(480px+var(--study-panes)*100px)]'
    : 'h-[calc(420px+var(--study-panes)*100px)]';
  const panes = (cell?.studies ?? []).filter((s) => !OVERLAY[s.kind]).length;
  let body;
  if (!cell) {
    body = (
      <Placeholder>
        <EmptyState
          title="Pick a pool for this chart."
          action={
            <QuickPicks featured={featured} onPick={pick} chainNameOf={chainNameOf}>
              <Button size="sm" variant="primary" onClick={openPicker}>
                Pick a pool
              </Button>
            </QuickPicks>
          }
        >
          A featured pool in one click, or any pool by its chain and address.
        </EmptyState>
      </Placeholder>
    );
  } else if (status === 'missing') {
    const { chainType, chainId, address } = cell.pool;
    body = (
      <Placeholder>
        <EmptyState
          title={`No pool ${shorten(address)} exists on ${chainType.toUpperCase()} chain ${chainId}.`}
          action={
            <QuickPicks featured={featured} onPick={pick} chainNameOf={chainNameOf}>
              <Button size="sm" onClick={openPicker}>
                Pick another pool
              </Button>
            </QuickPicks>
          }
        >
          The price service does not know this pool: check the chain and the address.
        </EmptyState>
      </Placeholder>
    );
  } else if (status === 'loading') {
    body = (
      <div className="flex min-h-0 flex-1 flex-col" aria-busy="true">
        <div className="flex h-9 items-center gap-2 px-2">
          <Skeleton width={120} height={18} />
          <Skeleton width={70} height={14} />
        </div>
        <div className="sheen m-2 mt-0 flex-1 rounded bg-raised/40" />
      </div>
    );
  } else {
    const { pool: ref, interval } = cell;
    const studies = cell.studies ?? NO_STUDIES;
    body = (
      <CandleChart
        className="h-full"
        pool={ref}
        interval={interval}
        style="candles"
        volume
        studies={studies}
        tz={tz}
        colorKey={theme}
        // The chain too: two WETH/USDC pools on two chains are two different charts.
        title={title ? `${title} · ${chainName}` : undefined}
        createDelay={createDelay}
        initialTo={initialTo}
        onSnapshot={onSnapshot}
        onController={onController}
        onCrosshairTime={(time) => sync.crosshairMoved(id, time)}
        onVisibleTimeRange={(range) => sync.rangeChanged(id, range)}
        toolbar={
          <>
            <PoolButton
              summary={summary}
              fallback={shorten(ref.address)}
              detail={summary ? `${dexName(summary.dex)} · ${chainName}` : chainName}
              onClick={openPicker}
            />
            <CellPrice live={live} poolRef={ref} pool={pool} />
            <IntervalPicker
              value={interval}
              onChange={(next) => onChange({ ...cell, interval: next })}
            />
            <StudiesControl
              compact
              studies={studies}
              onChange={(next) => onChange({ ...cell, studies: next })}
            />
            {lineTarget && (
              <LazyPriceLines
                controllerStore={controllerStore}
                pool={lineTarget}
                tz={tz}
                hotkey={false}
              />
            )}
            <Link
              href={`${poolPath(ref)}${interval === DEFAULT_INTERVAL ? '' : `?interval=${interval}`}`}
              prefetch={false}
              aria-label={`Open the ${title ?? 'pool'} pool page`}
              title="Open the pool page: trades, activity and holders"
              className="grid h-7 w-7 place-items-center rounded text-muted hover:bg-raised hover:text-text"
            >
              <ExternalIcon />
            </Link>
          </>
        }
      />
    );
  }

  return (
    <section
      aria-label={`Chart ${n}${title ? `: ${title}` : ''}`}
      data-testid="desk-cell"
      data-pool={key}
      data-status={cell ? status : 'empty'}
      className={clsx(
        // A container: its toolbar's words give way to their icons when it is narrow.
        '@container/cell flex min-h-0 min-w-0 flex-col rounded-md border border-border bg-panel',
        height,
        'md:h-auto',
      )}
      style={{ '--study-panes': panes } as CSSProperties}
      onPointerEnter={lead}
      onPointerDown={lead}
      onWheel={lead}
    >
      {body}
      {pickerUsed && (
        <PoolPicker
          open={picking}
          onClose={() => setPicking(false)}
          title={`Pool of chart ${n}`}
          current={cell?.pool ?? null}
          featured={featured}
          chains={chains}
          chainNameOf={chainNameOf}
          onPick={pick}
        />
      )}
    </section>
  );
}

/** The featured pools as one-click choices (the first few), then the full picker's button. */
function QuickPicks({
  featured,
  onPick,
  chainNameOf,
  children,
}: {
  featured: FeaturedChoice[];
  onPick: (ref: PoolRef) => void;
  chainNameOf: (ref: PoolRef) => string;
  children: React.ReactNode;
}) {
  const known = featured.filter((f) => f.summary).slice(0, 4);
  const pair = (s: PoolSummary) => `${s.base.symbol}/${s.quote.symbol}`;
  // A pair listed twice (WETH/USDC on two chains) says which chain each is.
  const twice = (s: PoolSummary) =>
    known.filter((f) => f.summary && pair(f.summary) === pair(s)).length > 1;
  return (
    <div className="flex max-w-md flex-col items-center gap-3">
      {known.length > 0 && (
        <ul className="flex flex-wrap justify-center gap-1.5" aria-label="Featured pools">
          {known.map(({ ref, summary }) =>
            summary ? (
              <li key={poolKey(ref)}>
                <button
                  type="button"
                  onClick={() => onPick(ref)}
                  title={`${pair(summary)} · ${dexName(summary.dex)} · ${chainNameOf(ref)}`}
                  className="flex h-7 items-center gap-1.5 rounded-full border border-border bg-raised/40 pl-1 pr-2.5 text-12 font-medium hover:bg-raised"
                >
                  <TokenIcon src={summary.base.image} symbol={summary.base.symbol} size={18} />
                  {pair(summary)}
                  {twice(summary) && (
                    <span className="font-normal text-muted">{chainNameOf(ref)}</span>
                  )}
                </button>
              </li>
            ) : null,
          )}
        </ul>
      )}
      {children}
    </div>
  );
}

function Placeholder({ children }: { children: React.ReactNode }) {
  return <div className="grid min-h-0 flex-1 place-items-center overflow-auto">{children}</div>;
}

function PoolButton({
  summary,
  fallback,
  detail,
  onClick,
}: {
  summary: PoolSummary | null;
  fallback: string;
  detail: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      title={`${detail}. Choose another pool for this chart`}
      className="flex h-7 min-w-0 max-w-[15rem] items-center gap-1.5 rounded border border-transparent px-1 text-left hover:border-border hover:bg-raised"
    >
      {summary ? <PairIcons base={summary.base} quote={summary.quote} size={18} /> : null}
      <span className="truncate text-13 font-semibold">
        {summary ? (
          <>
            {summary.base.symbol}
            <span className="text-muted">/{summary.quote.symbol}</span>
          </>
        ) : (
          <span className="font-mono text-12">{fallback}</span>
        )}
      </span>
      <ChevronDownIcon className="shrink-0 text-muted" />
    </button>
  );
}

/** `0x88e6…5640`: the address's ends, the whole of it in the title. */
function shorten(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
