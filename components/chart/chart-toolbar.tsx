'use client';
import type { ReactNode } from 'react';
import {
  INTERVAL_LABELS,
  KLINE_INTERVALS,
  type KlineInterval,
} from '@/lib/features/chart/intervals';
import { zoneChoices, zoneLabel, zoneShortLabel, type TimeZoneMode } from '@/lib/core/format/zone';
import { Segmented } from '@/components/ui/segmented';
import type { ChartStyle } from '@/lib/features/pools/params';
import type { StudySpec } from '@/lib/features/chart/studies';
import { StudiesControl } from './studies-control';
import { SCALE_LABELS, SCALE_MODES, type ScaleMode } from '@/lib/features/chart/scale';
import type { PoolRef } from '@/lib/contracts/pool-ref';
import dynamic from 'next/dynamic';
import { ComparePlaceholder } from './toolbar-placeholders';

// Its panel and look-ups load after the page (the button first paints as ComparePlaceholder).
const CompareControl = dynamic(() => import('./compare-control').then((m) => m.CompareControl), {
  ssr: false,
  loading: () => <ComparePlaceholder count={0} />,
});

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
 * The chart's controls: interval, style, time zone, the volume pane, the indicators, the price scale
 * and the pools compared.
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
}) {
  const comparing = (compare?.length ?? 0) > 0;
  return (
    <>
      <IntervalPicker value={interval} onChange={onInterval} />
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
        // Not on a phone, where the toolbar would take a fourth row: the Settings preference (and
        // `tz=` in the URL) set the chart's zone there.
        <span className="hidden sm:contents">
          <Segmented
            label="Time zone"
            options={tzOptions(tz, preferredTz)}
            value={tz}
            onChange={onTz}
            size="sm"
          />
        </span>
      )}
      {volume !== undefined && onVolume && (
        <button
          type="button"
          aria-pressed={volume}
          onClick={() => onVolume(!volume)}
          title={volume ? 'Hide the volume pane' : 'Show the volume pane'}
          className={`h-7 rounded border border-border px-2 text-[11px] font-medium ${volume ? 'bg-raised text-text' : 'bg-panel text-muted hover:text-text'}`}
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
        <CompareControl
          pool={pool}
          compare={compare}
          onChange={onCompare}
          suggestions={suggestions}
        />
      )}
      {lines}
    </>
  );
}
