/**
 * The price scale of a chart as a view names it (`scale=log|pct` on the pool page and the widget;
 * linear is the default and is not written). lib/chart/draw/controller.ts maps it to the library's mode.
 */
export type ScaleMode = 'linear' | 'log' | 'pct';

export const SCALE_MODES: readonly ScaleMode[] = ['linear', 'log', 'pct'];

export const SCALE_LABELS: Readonly<Record<ScaleMode, string>> = {
  linear: 'Linear',
  log: 'Log',
  pct: '%',
};

/** A scale from a URL parameter; anything unknown (or absent) is linear. */
export function parseScale(value: string | undefined | null): ScaleMode {
  return value === 'log' || value === 'pct' ? value : 'linear';
}

/** The scale a chart shows: a comparison of pools only makes sense in percent. */
export function effectiveScale(scale: ScaleMode, comparing: boolean): ScaleMode {
  return comparing ? 'pct' : scale;
}
