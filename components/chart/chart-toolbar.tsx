'use client';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { INTERVAL_LABELS, KLINE_INTERVALS, type KlineInterval } from '@/lib/chart/rules/intervals';
import { zoneChoices, zoneLabel, zoneShortLabel, type TimeZoneMode } from '@/lib/core/format/zone';
import { Segmented } from '@/components/ui/segmented';
import type { ChartStyle } from '@/lib/features/pools/params';
import type { StudySpec } from '@/lib/chart/rules/studies';
import { StudiesControl } from './studies-control';
import { SCALE_LABELS, SCALE_MODES, type ScaleMode } from '@/lib/chart/rules/scale';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import { LazyCompare } from './lazy-compare';
import { usePopover } from './use-popover';
import { MoreIcon } from '@/components/ui/icons';

const INTERVAL_OPTIONS = KLINE_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));
const STYLE_OPTIONS: readonly { value: ChartStyle; label: string; title: string }[] = [
  { value: 'candles', label: 'Candles', title: 'Candlesticks' },
  { value: 'line', label: 'Line', title: 'Line of closes' },
  { value: 'area', label: 'Area', title: 'Area of closes' },
];

/** The time-zone toggle's options: the zone shown (and the preferred one), Local and UTC. */
function tzOptions(tz: TimeZoneMode, preferred?: TimeZoneMode) {
  return zoneChoices(tz, preferred).map((value) => ({
    value,
    label: zoneShortLabel(value),
    title: `Times in ${value === 'local' ? 'your time zone' : zoneLabel(value)}`,
  }));
}
const SCALE_TITLES: Record<ScaleMode, string> = {
  linear: 'Linear price scale',
  log: 'Logarithmic price scale',
  pct: 'Percent from the first visible bar',
};
const SCALE_OPTIONS = SCALE_MODES.map((value) => ({
  value,
  label: SCALE_LABELS[value],
  title: SCALE_TITLES[value],
}));

export function IntervalPicker({
  value,
  onChange,
  size = 'sm',
}: {
  value: KlineInterval;
  onChange: (v: KlineInterval) => void;
  size?: 'sm' | 'md';
}) {
  return (
    <Segmented
      label="Interval"
      options={INTERVAL_OPTIONS}
      value={value}
      onChange={onChange}
      size={size}
    />
  );
}

/**
 * The phone's "More" menu: on a phone the toolbar is one row (the intervals and this button) so
 * the candles start on the first screen; every other control is in the menu's panel, laid over the
 * chart. From `sm` up the same controls stand in the toolbar itself (the panel is `display:
 * contents`), so each is rendered once and keeps its state whatever the width.
 */
function PhoneMenu({ children }: { children: ReactNode }) {
  const { open, root, panelId, trigger, onKeyDown } = usePopover();
  return (
    <div ref={root} className="contents" onKeyDown={onKeyDown}>
      <button
        type="button"
        {...trigger}
        title="Chart tools: style, scale, indicators, compare, lines, snapshot, fullscreen"
        className={clsx(
          'flex h-7 shrink-0 items-center gap-1 rounded border px-2 text-12 font-medium max-[359px]:px-1.5 sm:hidden',
          open ? 'border-accent bg-raised text-text' : 'border-border bg-panel text-muted',
        )}
      >
        <MoreIcon />
        {/* The word gives way on the smallest phones; the name stays for assistive tech. */}
        <span className="max-[359px]:sr-only">More</span>
        <span className="sr-only"> chart tools</span>
      </button>
      <div
        id={panelId}
        role="group"
        aria-label="Chart tools"
        data-testid="chart-tools"
        className={
          open
            ? 'absolute inset-x-1 top-full z-40 flex flex-wrap items-center gap-1.5 rounded-md border border-border bg-panel p-2 shadow-lg sm:contents'
            : 'hidden sm:contents'
        }
      >
        {children}
      </div>
    </div>
  );
}

/**
 * The chart's controls: interval, style, time zone, the volume, the indicators, the price scale
 * and the pools compared; `lines` (the price lines) and, on a phone, `phoneOnly` (the chart's view
 * buttons, Watch and Embed, which a wider screen shows elsewhere) go in the same menu.
 */
export function ChartToolbar({
  interval,
  onInterval,
  style,
  onStyle,
  tz,
  preferredTz,
  onTz,
  volume,
  onVolume,
  studies,
  onStudies,
  scale,
  onScale,
  pool,
  compare,
  onCompare,
  suggestions = [],
  lines,
  phoneOnly,
}: {
  interval: KlineInterval;
  onInterval: (v: KlineInterval) => void;
  style?: ChartStyle;
  onStyle?: (v: ChartStyle) => void;
  tz?: TimeZoneMode;
  /** the Settings preference, offered beside Local and UTC when it is a named zone */
  preferredTz?: TimeZoneMode;
  onTz?: (v: TimeZoneMode) => void;
  volume?: boolean;
  onVolume?: (v: boolean) => void;
  studies?: readonly StudySpec[];
  onStudies?: (v: StudySpec[]) => void;
  scale?: ScaleMode;
  onScale?: (v: ScaleMode) => void;
  /** the pool on screen, for Compare */
  pool?: PoolRef;
  compare?: readonly PoolRef[];
  onCompare?: (v: PoolRef[]) => void;
  /** pools offered by Compare (the featured ones) */
  suggestions?: readonly PoolRef[];
  /** the price line tool and its list (components/chart/price-lines-control.tsx) */
  lines?: ReactNode;
  /** controls the phone's menu carries that a wider screen shows elsewhere */
  phoneOnly?: ReactNode;
}) {
  const comparing = (compare?.length ?? 0) > 0;
  return (
    <>
      <IntervalPicker value={interval} onChange={onInterval} />
      <PhoneMenu>
        {style && onStyle && (
          <Segmented
            label="Chart style"
            options={STYLE_OPTIONS}
            value={style}
            onChange={onStyle}
            size="sm"
          />
        )}
        {tz && onTz && (
          <Segmented
            label="Time zone"
            options={tzOptions(tz, preferredTz)}
            value={tz}
            onChange={onTz}
            size="sm"
          />
        )}
        {volume !== undefined && onVolume && (
          <button
            type="button"
            aria-pressed={volume}
            onClick={() => onVolume(!volume)}
            title={volume ? 'Hide the volume bars' : 'Show the volume bars under the price'}
            className={clsx(
              'h-7 rounded border border-border px-2 text-control font-medium',
              volume ? 'bg-raised text-text' : 'bg-panel text-muted hover:text-text',
            )}
          >
            Volume
          </button>
        )}
        {studies && onStudies && <StudiesControl studies={studies} onChange={onStudies} />}
        {scale && onScale && (
          <span title={comparing ? 'Comparing pools: the scale shows percent' : undefined}>
            <Segmented
              label="Price scale"
              options={SCALE_OPTIONS}
              value={comparing ? 'pct' : scale}
              onChange={onScale}
              size="sm"
              disabled={comparing}
            />
          </span>
        )}
        {pool && compare && onCompare && (
          <LazyCompare
            pool={pool}
            compare={compare}
            onChange={onCompare}
            suggestions={suggestions}
          />
        )}
        {lines}
        {phoneOnly && <span className="flex items-center gap-1.5 sm:hidden">{phoneOnly}</span>}
      </PhoneMenu>
    </>
  );
}
