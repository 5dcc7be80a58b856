/**
 * The widget's postMessage protocol (docs/embedding.md). To the host page:
 * `pulse:ready`, `pulse:height`, `pulse:error`; from it: `pulse:setInterval`, `pulse:setTheme`.
 * Framework-free: the widget (lib/embed/widget.ts) runs without React.
 * Messages carry nothing private, so they go to any parent origin; framing itself is limited by
 * EMBED_ALLOWED_ORIGINS (CSP frame-ancestors).
 */
import { intervalOrLabel, type KlineInterval } from '../chart/rules/intervals';

export type WidgetOutMessage =
  | { type: 'pulse:ready'; pool: string; interval: KlineInterval }
  | { type: 'pulse:height'; height: number }
  | { type: 'pulse:error'; message: string };

export type WidgetCommand =
  | { type: 'pulse:setInterval'; interval: KlineInterval }
  | { type: 'pulse:setTheme'; theme: 'dark' | 'light' };

export function postToHost(message: WidgetOutMessage): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  window.parent.postMessage(message, '*');
}

/**
 * Tells the host the content height of `el` now and on every change (`pulse:height`), so a frame
 * sized by embed.js fits whatever the widget shows. Returns the function that stops it.
 */
export function reportHeight(el: HTMLElement): () => void {
  let last = 0;
  const report = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      postToHost({ type: 'pulse:height', height });
    }
  };
  const observer = new ResizeObserver(report);
  observer.observe(el);
  report();
  return () => observer.disconnect();
}

/** A host message as a command, or an error sentence for a pulse message we cannot follow, or null for anything else. */
export function readCommand(data: unknown): WidgetCommand | { error: string } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type } = data as { type?: unknown };
  if (type === 'pulse:setInterval') {
    const { interval } = data as { interval?: unknown };
    const known = intervalOrLabel(interval);
    return known
      ? { type, interval: known }
      : {
          error: `Unknown interval ${JSON.stringify(interval)}: use one of 1s, 1m, 15m, 1h, 4h, 1D, 1W, 1M, 1Y.`,
        };
  }
  if (type === 'pulse:setTheme') {
    const { theme } = data as { theme?: unknown };
    return theme === 'dark' || theme === 'light'
      ? { type, theme }
      : { error: `Unknown theme ${JSON.stringify(theme)}: use dark or light.` };
  }
  return null;
}
