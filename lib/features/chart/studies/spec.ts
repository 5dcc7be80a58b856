/**
 * Which studies a chart shows, as the URL writes them: `studies=ema:20,ema:50,rsi:14`. The same text
 * serves the pool page, the workspace and the embed's `studies` parameter. Parsing is forgiving in
 * the way every URL parameter here is: an entry it cannot read is dropped (the rest still apply),
 * numbers out of range are clamped, duplicates are kept once.
 */
export const STUDY_KINDS = ['sma', 'ema', 'vwap', 'bb', 'rsi', 'macd'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

export type StudySpec =
  | { kind: 'sma' | 'ema' | 'rsi'; period: number }
  | { kind: 'vwap' }
  | { kind: 'bb'; period: number; deviations: number }
  | { kind: 'macd'; fast: number; slow: number; signal: number };

/** More than this many studies make a chart unreadable (and cost each live update). */
export const MAX_STUDIES = 8;
export const MAX_PERIOD = 500;

export const STUDY_NAMES: Readonly<Record<StudyKind, string>> = {
  sma: 'Simple moving average',
  ema: 'Exponential moving average',
  vwap: 'Volume-weighted average price',
  bb: 'Bollinger Bands',
  rsi: 'Relative strength index',
  macd: 'MACD',
};

export const DEFAULT_STUDY: Readonly<Record<StudyKind, StudySpec>> = {
  sma: { kind: 'sma', period: 20 },
  ema: { kind: 'ema', period: 20 },
  vwap: { kind: 'vwap' },
  bb: { kind: 'bb', period: 20, deviations: 2 },
  rsi: { kind: 'rsi', period: 14 },
  macd: { kind: 'macd', fast: 12, slow: 26, signal: 9 },
};

/** RSI and MACD have scales of their own; the others are drawn over the candles. */
export function studyPane(kind: StudyKind): 'price' | 'own' {
  return kind === 'rsi' || kind === 'macd' ? 'own' : 'price';
}

function int(text: string | undefined, fallback: number, min: number, max: number): number | null {
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,4}$/.test(text)) return null;
  return Math.min(max, Math.max(min, Number(text)));
}

function isKind(value: string): value is StudyKind {
  return (STUDY_KINDS as readonly string[]).includes(value);
}

/** One entry (`ema:20`, `bb:20:2.5`, `macd:12:26:9`, `vwap`), or null when it cannot be read. */
export function parseStudy(text: string): StudySpec | null {
  const [rawKind = '', a, b, c, ...rest] = text.trim().toLowerCase().split(':');
  if (rest.length > 0 || !isKind(rawKind)) return null;
  switch (rawKind) {
    case 'vwap':
      return a === undefined ? { kind: 'vwap' } : null;
    case 'sma':
    case 'ema':
    case 'rsi': {
      if (b !== undefined) return null;
      const period = int(a, (DEFAULT_STUDY[rawKind] as { period: number }).period, 2, MAX_PERIOD);
      return period === null ? null : { kind: rawKind, period };
    }
    case 'bb': {
      if (c !== undefined) return null;
      const period = int(a, 20, 2, MAX_PERIOD);
      if (period === null) return null;
      if (b !== undefined && !/^\d(\.\d)?$/.test(b)) return null;
      const deviations = b === undefined ? 2 : Math.min(5, Math.max(0.5, Number(b)));
      return { kind: 'bb', period, deviations };
    }
    case 'macd': {
      const fast = int(a, 12, 2, MAX_PERIOD - 1);
      const slow = int(b, 26, 3, MAX_PERIOD);
      const signal = int(c, 9, 2, MAX_PERIOD);
      if (fast === null || slow === null || signal === null || fast >= slow) return null;
      return { kind: 'macd', fast, slow, signal };
    }
  }
}

export function formatStudy(spec: StudySpec): string {
  switch (spec.kind) {
    case 'vwap':
      return 'vwap';
    case 'bb':
      return `bb:${spec.period}:${spec.deviations}`;
    case 'macd':
      return `macd:${spec.fast}:${spec.slow}:${spec.signal}`;
    default:
      return `${spec.kind}:${spec.period}`;
  }
}

/** The list a `studies` parameter names, readable entries only, each once, at most MAX_STUDIES. */
export function parseStudies(text: string | null | undefined): StudySpec[] {
  if (!text) return [];
  const out: StudySpec[] = [];
  const seen = new Set<string>();
  for (const entry of text.split(',')) {
    const spec = parseStudy(entry);
    if (!spec) continue;
    const key = formatStudy(spec);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(spec);
    if (out.length === MAX_STUDIES) break;
  }
  return out;
}

export function formatStudies(specs: readonly StudySpec[]): string {
  return specs.map(formatStudy).join(',');
}

/** A short label for legends: `EMA 20`, `BB 20 2`, `MACD 12 26 9`, `VWAP`. */
export function studyLabel(spec: StudySpec): string {
  return formatStudy(spec).toUpperCase().split(':').join(' ');
}
