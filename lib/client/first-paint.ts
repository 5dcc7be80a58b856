/**
 * Whether the page's first frame has reached the screen, and what waits for it. What can wait for
 * it does: token and chain logos (a page of Markets asks for fifty), the fiat list when the display
 * fiat is not USD (`useFirstPaint()` and `useStartAfter()`, lib/client/hooks/use-first-paint.ts)
 * and the chart's code (components/chart/use-chart-controller.ts). None of it then stands between a
 * page and its first paint: the browser reports that paint (the `first-contentful-paint` entry)
 * once the frame is shown, and only then are they requested. Work that can wait longer waits for
 * the load and an idle moment (after-load-idle.ts): the header's status light, the fiat list for
 * USD (its menu's options), the service worker, panels below the fold.
 *
 * A tab loaded in the background paints when it is shown, and a browser may never report the paint:
 * after FALLBACK_MS the rest comes anyway.
 */
const FALLBACK_MS = 3_000;

let painted = false;
let watching = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

function watch() {
  if (watching) return;
  watching = true;
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming || performance.getEntriesByName('first-contentful-paint').length > 0) {
    markPainted();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) done();
  });
  const fallback = setTimeout(() => done(), FALLBACK_MS);
  const done = () => {
    observer.disconnect();
    clearTimeout(fallback);
    markPainted();
  };
  observer.observe({ type: 'paint', buffered: true });
}

/** Calls `listener` once the first frame is shown (at once if it was); returns how to stop waiting. */
export function whenPainted(listener: () => void): () => void {
  if (painted) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  watch();
  return () => listeners.delete(listener);
}
