'use client';
import type { ReactNode } from 'react';
import {
  INTERVAL_LABELS,
  KLINE_INTERVALS,
  type KlineInterval,
} from '@/lib/features/chart/intervals';
import type { TimeZoneMode } from '@/lib/features/chart/time-format';
import { Segmented } from '@/components/ui/segmented';
import type { ChartStyle } from '@/lib/features/pools/params';
import type { StudySpec } from '@/lib/features/chart/studies';
import { StudiesControl } from './studies-control';

const INTERVAL_OPTIONS = KLINE_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }));
const STYLE_OPTIONS: readonly { value: ChartStyle; label: string; title: string }[] = [
  { value: 'candles', label: 'Candles', title: 'Candlesticks' },
  { value: 'line', label: 'Line', title: 'Line of closes' },
  { value: 'area', label: 'Area', title: 'Area of closes' },
];
const TZ_OPTIONS: readonly { value: TimeZoneMode; label: string; title: string }[] = [
  { value: 'local', label: 'Local', title: 'Times in your time zone' },
  { value: 'utc', label: 'UTC', title: 'Times in UTC' },
];

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

/** The chart's controls: interval, style, time zone, the volume pane and the indicators. */
export function ChartToolbar({
  interval,
  onInterval,
  style,
  onStyle,
  tz,
  onTz,
  volume,
  onVolume,
  studies,
  onStudies,
  lines,
}: {
  interval: KlineInterval;
  onInterval: (v: KlineInterval) => void;
  style?: ChartStyle;
  onStyle?: (v: ChartStyle) => void;
  tz?: TimeZoneMode;
  onTz?: (v: TimeZoneMode) => void;
  volume?: boolean;
  onVolume?: (v: boolean) => void;
  studies?: readonly StudySpec[];
  onStudies?: (v: StudySpec[]) => void;
  /** the price line tool and its list (components/chart/price-lines-control.tsx) */
  lines?: ReactNode;
}) {
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
        <Segmented label="Time zone" options={TZ_OPTIONS} value={tz} onChange={onTz} size="sm" />
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
      {lines}
    </>
  );
}
