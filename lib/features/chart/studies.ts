/**
 * Chart studies (indicators) as a view names them: the kinds, their periods and the `studies=`
 * parameter of the pool page and the widget (`ema:20,ema:50,rsi:14`). The computation is in
 * lib/chart/indicators.ts.
 */
export type StudyKind = 'sma' | 'ema' | 'bb' | 'vwap' | 'rsi' | 'macd';

export interface StudySpec {
  kind: StudyKind;
  /** the period (bars); MACD: the fast period */
  period: number;
  /** MACD's slow and signal periods */
  slow?: number;
  signal?: number;
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

/** `ema:20`, `rsi:14`, `bb:20`, `vwap`, `macd` or `macd:12:26:9` (the URL's and the widget's form). */
export function formatStudy(spec: StudySpec): string {
  if (spec.kind === 'vwap') return 'vwap';
  if (spec.kind === 'macd')
    return spec.period === 12 && (spec.slow ?? 26) === 26 && (spec.signal ?? 9) === 9
      ? 'macd'
      : `macd:${spec.period}:${spec.slow ?? 26}:${spec.signal ?? 9}`;
  return `${spec.kind}:${spec.period}`;
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
  if (!raw) return [];
  const out: StudySpec[] = [];
  const seen = new Set<string>();
  for (const part of raw.slice(0, 400).split(',')) {
    const spec = parseStudy(part.trim().toLowerCase());
    if (!spec) continue;
    const key = formatStudy(spec);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(spec);
    if (out.length === MAX_STUDIES) break;
  }
  return out;
}

function period(text: string | undefined, fallback: number): number | null {
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_PERIOD && n <= MAX_PERIOD ? n : null;
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
  if (b !== undefined) return null;
  const n = period(a, DEFAULT_PERIOD[k]);
  return n === null ? null : { kind: k, period: n };
}
