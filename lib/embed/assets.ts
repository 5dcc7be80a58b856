/**
 * The widget's built files (scripts/build-widget.mjs writes public/widget/manifest.json): read once
 * per process in production, on every request in development (the bundle may be rebuilt by
 * `node scripts/build-widget.mjs --watch`). Null when the bundle was never built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WidgetAssets } from './html';

let cached: WidgetAssets | null = null;

export function widgetAssets(): WidgetAssets | null {
  if (cached && process.env.NODE_ENV === 'production') return cached;
  try {
    const raw = JSON.parse(
      readFileSync(join(process.cwd(), 'public', 'widget', 'manifest.json'), 'utf8'),
    ) as Partial<WidgetAssets>;
    if (typeof raw.script !== 'string') return null;
    cached = {
      script: raw.script,
      preload: Array.isArray(raw.preload) ? raw.preload.filter((p) => typeof p === 'string') : [],
      font: typeof raw.font === 'string' ? raw.font : null,
    };
    return cached;
  } catch {
    return null;
  }
}
