/**
 * Runs `fn` once the page has loaded and the browser has an idle moment, or `timeoutMs` after the
 * load at the latest (a busy live page may never idle). Work the first screen does not need (the
 * service worker, panels below the fold) waits for this. Returns a cancel for an effect's cleanup.
 */
export function afterLoadIdle(fn: () => void, timeoutMs: number): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    // Safari has no idle callback: a short delay still lets the load's own work finish first.
    else timer = setTimeout(fn, 300);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
