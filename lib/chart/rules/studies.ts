/**
 * Chart studies (indicators) as a view names them: the kinds, their periods and the `studies=`
 * parameter of the pool page and the widget (`ema:20,ema:50,bb:20:2,rsi:14`). The computation is
 * in lib/chart/rules/indicators.ts.
 */
import { parseListParam } from './list-param';

export type StudyKind = 'sma' | 'ema' | 'bb' | 'vwap' | 'rsi' | 'macd';

export interface StudySpec {
  kind: StudyKind;
  /** the period (bars); MACD: the fast period */
  period: number;
  /** MACD's slow and signal periods */
  slow?: number;
  signal?: number;
  /** Bollinger Bands: the bands' distance from the mean, in standard deviations (default 2) */
  width?: number;
}

export const DEFAULT_PERIOD: Record<StudyKind, number> = {
  sma: 20,
  ema: 20,
  bb: 20,
  vwap: 0,
  rsi: 14,
  macd: 12,
};
export const MIN_PERIOD = 2;
export const MAX_PERIOD = 500;
/** Bollinger Bands' width: in standard deviations, at most two decimals. */
export const DEFAULT_BB_WIDTH = 2;
const MIN_BB_WIDTH = 0.1;
const MAX_BB_WIDTH = 10;
export const STUDY_LABEL: Record<StudyKind, string> = {
  sma: 'SMA',
  ema: 'EMA',
  bb: 'BB',
  vwap: 'VWAP',
  rsi: 'RSI',
  macd: 'MACD',
};
/** Studies drawn on the price pane; the others get a pane of their own. */
export const OVERLAY: Record<StudyKind, boolean> = {
  sma: true,
  ema: true,
  bb: true,
  vwap: true,
  rsi: false,
  macd: false,
};

/** `ema:20`, `rsi:14`, `bb:20:2`, `vwap`, `macd` or `macd:12:26:9` (the URL's and the widget's form). */
export function formatStudy(spec: StudySpec): string {
  if (spec.kind === 'vwap') return 'vwap';
  if (spec.kind === 'bb') return `bb:${spec.period}:${spec.width ?? DEFAULT_BB_WIDTH}`;
  if (spec.kind === 'macd')
    return spec.period === 12 && (spec.slow ?? 26) === 26 && (spec.signal ?? 9) === 9
      ? 'macd'
      : `macd:${spec.period}:${spec.slow ?? 26}:${spec.signal ?? 9}`;
  return `${spec.kind}:${spec.period}`;
}

/** A study's name with its parameters, as legends and pane labels write it: `EMA 20`, `BB 20 2`. */
export function studyLabel(spec: StudySpec): string {
  if (spec.kind === 'vwap') return 'VWAP';
  if (spec.kind === 'macd') return `MACD ${spec.period} ${spec.slow ?? 26} ${spec.signal ?? 9}`;
  if (spec.kind === 'bb') return `BB ${spec.period} ${spec.width ?? DEFAULT_BB_WIDTH}`;
  return `${STUDY_LABEL[spec.kind]} ${spec.period}`;
}

/** The `studies=` value: `ema:20,rsi:14` ('' for none). */
export const formatStudies = (specs: readonly StudySpec[]): string =>
  specs.map(formatStudy).join(',');

/** At most this many studies at once (the URL and the chart stay readable). */
export const MAX_STUDIES = 8;

/**
 * `studies=ema:20,ema:50,rsi:14`: the valid entries, each once, in order, at most MAX_STUDIES;
 * anything else is dropped (a hand-edited link never breaks the chart).
 */
export function parseStudies(raw: string | null | undefined): StudySpec[] {
  return parseListParam(raw, {
    maxLength: 400,
    max: MAX_STUDIES,
    read: (part) => parseStudy(part.trim().toLowerCase()),
    key: formatStudy,
  });
}

function period(text: string | undefined, fallback: number): number | null {
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_PERIOD && n <= MAX_PERIOD ? n : null;
}

function bbWidth(text: string | undefined): number | null {
  if (text === undefined || text === '') return DEFAULT_BB_WIDTH;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_BB_WIDTH && n <= MAX_BB_WIDTH ? n : null;
}

export type Checked = { ok: true; value: number } | { ok: false; reason: string };

/**
 * A period typed in the Indicators panel: a whole number of bars within the bounds the URL
 * accepts, or a sentence saying what is wrong (the panel shows it by the field).
 */
export function checkPeriod(text: string): Checked {
  const t = text.trim();
  const rule = `a whole number of bars from ${MIN_PERIOD} to ${MAX_PERIOD}`;
  if (t === '') return { ok: false, reason: `Enter a period: ${rule}.` };
  if (!/^[-+]?\d+([.,]\d*)?$/.test(t)) return { ok: false, reason: `Not a number: ${rule}.` };
  if (!/^[-+]?\d+$/.test(t)) return { ok: false, reason: `No fractions: ${rule}.` };
  const n = Number(t);
  if (n < MIN_PERIOD || n > MAX_PERIOD) return { ok: false, reason: `Out of range: ${rule}.` };
  return { ok: true, value: n };
}

/** A Bollinger Bands width typed in the panel: standard deviations, 0.1 to 10, two decimals at most. */
export function checkBbWidth(text: string): Checked {
  const t = text.trim();
  const rule = `${MIN_BB_WIDTH} to ${MAX_BB_WIDTH} standard deviations, two decimals at most`;
  if (t === '') return { ok: false, reason: `Enter a width: ${rule}.` };
  const n = bbWidth(t);
  return n === null ? { ok: false, reason: `The width is ${rule}.` } : { ok: true, value: n };
}

export function parseStudy(text: string): StudySpec | null {
  const [kind, a, b, c, ...rest] = text.split(':');
  if (rest.length > 0 || !kind || !(kind in DEFAULT_PERIOD)) return null;
  const k = kind as StudyKind;
  if (k === 'vwap') return a === undefined ? { kind: 'vwap', period: 0 } : null;
  if (k === 'macd') {
    const fast = period(a, 12);
    const slow = period(b, 26);
    const signal = period(c, 9);
    if (fast === null || slow === null || signal === null || fast >= slow) return null;
    return { kind: 'macd', period: fast, slow, signal };
  }
  if (k === 'bb') {
    const n = period(a, DEFAULT_PERIOD.bb);
    // `bb:20` (before the width was a choice) still reads, as 2 standard deviations.
    const width = bbWidth(b);
    if (c !== undefined || n === null || width === null) return null;
    return { kind: 'bb', period: n, width };
  }
  if (b !== undefined) return null;
  const n = period(a, DEFAULT_PERIOD[k]);
  return n === null ? null : { kind: k, period: n };
}
