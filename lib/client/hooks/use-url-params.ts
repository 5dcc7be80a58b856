'use client';
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';

export type ParamPatch = Record<string, string | null | undefined>;

/**
 * What this tab wrote to the URL that Next's `useSearchParams` has not caught up with yet. Next syncs
 * a `history.replaceState` into `useSearchParams` in a transition, a moment later; until then a
 * controlled input bound to the URL (a checkbox, a select) would snap back to its old value and then
 * flip. The overlay shows the written value at once, to every component of the page, and is dropped
 * when Next has caught up or the URL moved elsewhere (a link, back and forward).
 */
interface Overlay {
  path: string;
  /** the query strings since the last one Next reported, the written ones included */
  known: Set<string>;
  search: string;
}
let overlay: Overlay | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => overlay;
const serverSnapshot = () => null;
function setOverlay(next: Overlay | null) {
  overlay = next;
  for (const listener of listeners) listener();
}

/**
 * The query string as the view's state (every view is a URL). `update` merges a patch (null or ''
 * removes a key) and replaces the entry by default, so filters do not flood the back button.
 */
export function useUrlParams(): [
  ReadonlyURLSearchParams,
  (patch: ParamPatch, mode?: 'replace' | 'push') => void,
] {
  const params = useSearchParams();
  const pathname = usePathname();
  const pending = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const current = params.toString();
  const effective =
    pending && pending.path === pathname && pending.known.has(current) ? pending.search : current;

  useEffect(() => {
    // Caught up, or moved on by other means: the overlay has nothing left to say.
    if (
      overlay &&
      (overlay.path !== pathname || current === overlay.search || !overlay.known.has(current))
    )
      setOverlay(null);
  }, [current, pathname]);

  const update = useCallback(
    (patch: ParamPatch, mode: 'replace' | 'push' = 'replace') => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      const qs = next.toString();
      const url = qs ? `${pathname}?${qs}` : pathname;
      // The native history API is synced with useSearchParams by Next and costs no server round
      // trip: a sort or a filter is a client-side change of view, not a new page.
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
      const known =
        overlay && overlay.path === pathname && overlay.known.has(current)
          ? new Set(overlay.known)
          : new Set([current]);
      known.add(qs);
      setOverlay({ path: pathname, known, search: qs });
    },
    [pathname, current],
  );

  const result = useMemo(
    () =>
      effective === current
        ? params
        : (new URLSearchParams(effective) as unknown as ReadonlyURLSearchParams),
    [effective, current, params],
  );
  return [result, update];
}
