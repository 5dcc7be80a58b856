'use client';
/**
 * The embeddable pool chart: the chart alone filling its frame, with an optional compact header and
 * trade list. It talks to the host page over postMessage (widget-messages.ts) and needs no cookie
 * and no storage, so third-party cookie blocking changes nothing.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import type { FeedSnapshot } from '@/lib/features/chart/feed';
import {
  INTERVAL_LABELS,
  KLINE_INTERVALS,
  type KlineInterval,
} from '@/lib/features/chart/intervals';
import {
  formatChangePercent,
  formatChartPrice,
  priceDecimals,
} from '@/lib/features/chart/price-format';
import type { WidgetParams } from '@/lib/features/pools/params';
import { poolKey, poolPath, type PoolRef } from '@/lib/contracts/pool-ref';
import { baseUsdFromClose, dexName, type PoolSummary } from '@/lib/features/pools/summary';
import { shorten } from '@/lib/core/format/text';
import { CandleChart } from '@/components/chart/candle-chart';
import { IntervalPicker } from '@/components/chart/chart-toolbar';
import { Flash } from '@/components/ui/flash';
import { Segmented } from '@/components/ui/segmented';
import { paletteFor } from '@/lib/features/pools/contrast';
import { TokenIcon } from '@/components/ui/token-icon';
import { postToHost, readCommand, useHostHeight } from './widget-messages';

// Loaded only when the embed asks for trades (trades=1): the widget's budget is for the chart.
const WidgetTrades = lazy(() =>
  import('./widget-trades').then((m) => ({ default: m.WidgetTrades })),
);

export function PoolWidget({
  pool,
  summary,
  options,
  initialTo,
}: {
  pool: PoolRef;
  summary: PoolSummary | null;
  options: WidgetParams;
  initialTo?: number;
}) {
  const [interval, setInterval] = useState<KlineInterval>(options.interval);
  const [theme, setTheme] = useState(options.theme);
  const [snapshot, setSnapshot] = useState<FeedSnapshot | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const told = useRef<{ ready: boolean; error: string | null }>({ ready: false, error: null });
  const key = poolKey(pool);
  // On a host's own background the text follows its luminance, not the theme: a light theme on a
  // dark `bg` would otherwise write dark text on dark.
  const palette = options.bg ? paletteFor(options.bg) : theme;
  const hasTrades = options.trades && summary !== null;
  // In a small frame (globals.css) one of chart and trades shows at a time; elsewhere both.
  const [view, setView] = useState<'chart' | 'trades'>('chart');

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const command = readCommand(event.data);
      if (!command) return;
      if ('error' in command) postToHost({ type: 'pulse:error', message: command.error });
      else if (command.type === 'pulse:setInterval') setInterval(command.interval);
      else setTheme(command.theme);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useHostHeight(rootRef);

  useEffect(() => {
    // The frame is its own document: its scrollbars and form controls follow the widget's palette.
    document.documentElement.dataset.theme = palette;
  }, [palette]);

  const onSnapshot = useCallback(
    (s: FeedSnapshot) => {
      setSnapshot(s);
      if (!told.current.ready && (s.state === 'ready' || s.state === 'empty')) {
        told.current.ready = true;
        postToHost({ type: 'pulse:ready', pool: key, interval });
      }
      const error = s.state === 'error' ? (s.error ?? 'The candles could not be loaded.') : null;
      if (error && error !== told.current.error)
        postToHost({ type: 'pulse:error', message: error });
      told.current.error = error;
    },
    [key, interval],
  );

  const style = options.bg
    ? ({ '--bg': `#${options.bg}`, '--panel': `#${options.bg}` } as CSSProperties)
    : undefined;
  const title = summary ? `${summary.base.symbol}/${summary.quote.symbol}` : shorten(pool.address);

  return (
    <div
      ref={rootRef}
      data-theme={palette}
      data-view={hasTrades ? view : 'chart'}
      style={style}
      className="widget flex min-h-[100dvh] flex-col bg-bg text-text"
    >
      {options.info && <WidgetInfo pool={pool} summary={summary} snapshot={snapshot} />}
      <CandleChart
        className="widget-chart min-h-[220px] flex-1"
        pool={pool}
        interval={interval}
        style={options.chart}
        volume={options.volume}
        tz={options.tz}
        colorKey={`${palette}:${options.bg ?? ''}`}
        backgroundVar="--bg"
        title={options.info ? undefined : title}
        toolbar={
          <>
            <span className="widget-roomy">
              <IntervalPicker value={interval} onChange={setInterval} />
            </span>
            <CompactInterval value={interval} onChange={setInterval} />
            {hasTrades && (
              <span className="widget-compact">
                <Segmented label="Show" size="sm" options={VIEWS} value={view} onChange={setView} />
              </span>
            )}
          </>
        }
        onSnapshot={onSnapshot}
        initialTo={initialTo}
      />
      {hasTrades && (
        <Suspense
          fallback={<div className="widget-trades h-[168px] shrink-0 border-t border-border" />}
        >
          <WidgetTrades pool={pool} summary={summary} tz={options.tz} />
        </Suspense>
      )}
    </div>
  );
}

function WidgetInfo({
  pool,
  summary,
  snapshot,
}: {
  pool: PoolRef;
  summary: PoolSummary | null;
  snapshot: FeedSnapshot | null;
}) {
  const live = baseUsdFromClose(snapshot?.last?.close, summary?.quoteUsd);
  const price = live ?? (summary ? Number(summary.baseUsd) : null);
  return (
    <header className="flex min-h-9 items-center gap-2 border-b border-border px-2.5 py-1.5">
      {summary ? (
        <span className="widget-roomy flex shrink-0 -space-x-1.5">
          <TokenIcon src={summary.base.image} symbol={summary.base.symbol} size={20} />
          <TokenIcon
            src={summary.quote.image}
            symbol={summary.quote.symbol}
            size={20}
            className="ring-2 ring-[var(--bg)]"
          />
        </span>
      ) : null}
      {/* The pair never gives way: the DEX line, the icons and the link's word do first. */}
      <div className="min-w-0 shrink-0">
        <div className="whitespace-nowrap text-[13px] font-semibold" data-testid="widget-pair">
          {summary ? `${summary.base.symbol}/${summary.quote.symbol}` : shorten(pool.address)}
        </div>
        {summary && (
          <div className="widget-roomy truncate text-2xs text-muted">{dexName(summary.dex)}</div>
        )}
      </div>
      <div
        className="ml-auto flex min-w-0 items-baseline gap-2 text-right"
        data-testid="widget-price"
      >
        <Flash value={price} className="num text-[14px] font-semibold">
          {price !== null ? `$${formatChartPrice(price, priceDecimals(price))}` : '—'}
        </Flash>
        {summary && <DayChange value={Number(summary.change24h)} />}
      </div>
      <a
        href={poolPath(pool)}
        target="_blank"
        rel="noopener"
        className="ml-1 shrink-0 rounded px-1.5 py-0.5 text-2xs font-medium text-muted hover:bg-raised hover:text-text"
        title="Open this pool on Pulse"
        aria-label="Open this pool on Pulse"
      >
        <span className="widget-roomy">Pulse </span>↗
      </a>
    </header>
  );
}

const VIEWS = [
  { value: 'chart', label: 'Chart' },
  { value: 'trades', label: 'Trades' },
] as const;

/** The intervals as one select, for a frame too small for nine buttons (labels as the buttons say). */
function CompactInterval({
  value,
  onChange,
}: {
  value: KlineInterval;
  onChange: (v: KlineInterval) => void;
}) {
  return (
    <label className="widget-compact relative inline-flex items-center">
      <span className="sr-only">Interval</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as KlineInterval)}
        className="num h-6 appearance-none rounded border border-border bg-panel pl-1.5 pr-5 text-[11px] font-medium text-text"
      >
        {KLINE_INTERVALS.map((i) => (
          <option key={i} value={i}>
            {INTERVAL_LABELS[i]}
          </option>
        ))}
      </select>
      <span aria-hidden className="pointer-events-none absolute right-1.5 text-[8px] text-muted">
        ▼
      </span>
    </label>
  );
}

/** The 24 h change with sign and arrow as well as colour (number formatting: big.js stays out of the widget). */
function DayChange({ value }: { value: number }) {
  if (!Number.isFinite(value)) return null;
  const { text, dir } = formatChangePercent(value);
  const tone = dir === 'up' ? 'text-up' : dir === 'down' ? 'text-down' : 'text-muted';
  return (
    <span
      className={`num whitespace-nowrap text-[12px] ${tone}`}
      title="Change over 24 hours (hourly snapshot)"
    >
      {dir !== 'flat' && (
        <span aria-hidden className="mr-0.5 text-[9px]">
          {dir === 'up' ? '▲' : '▼'}
        </span>
      )}
      {text}
    </span>
  );
}
