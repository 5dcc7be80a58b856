'use client';
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

export type ParamPatch = Record<string, string | null | undefined>;
export type UrlMode = 'replace' | 'push';

/** Writes `url` to the tab's history: push makes a new entry (Back undoes it), replace does not. */
function writeUrl(url: string, mode: UrlMode, state: unknown) {
  // The native history API is synced with useSearchParams by Next and costs no server round trip:
  // a sort or a filter is a client-side change of view, not a new page.
  if (mode === 'push') window.history.pushState(state, '', url);
  else window.history.replaceState(state, '', url);
}

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
  (patch: ParamPatch, mode?: UrlMode) => void,
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

  useEffect(() => {
    // Back or Forward moved the URL: what this tab wrote is no longer the view. Dropped here, not
    // only when Next reports a new query, because a Back that lands on the query Next still holds
    // (pressed before it caught up with a push) reports nothing.
    const drop = () => {
      if (overlay) setOverlay(null);
    };
    window.addEventListener('popstate', drop);
    return () => window.removeEventListener('popstate', drop);
  }, []);

  const update = useCallback(
    (patch: ParamPatch, mode: UrlMode = 'replace') => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      const qs = next.toString();
      const url = qs ? `${pathname}?${qs}` : pathname;
      writeUrl(url, mode, null);
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

/**
 * A view (a page's typed parameters, parsed and written by its lib/features/<area>/params.ts) held
 * in the page's own state and mirrored to the URL, for pages whose view changes too often for a
 * round trip through Next's router (the pool page, the workspace). `href` is the URL of the current
 * view (path and query); `set` replaces the entry by default, `push` makes a new one, so Back undoes
 * a deliberate change; Back and Forward bring the view of their entry (`parse` reads it from the
 * query string, `onPop` hears of it).
 */
export function useUrlView<T>(
  initial: T,
  href: (view: T) => string,
  parse: (search: URLSearchParams) => T,
  onPop?: () => void,
): [T, (next: T | ((view: T) => T), mode?: UrlMode) => void] {
  const [view, setView] = useState(initial);
  const mode = useRef<UrlMode>('replace');
  const url = href(view);
  useEffect(() => {
    if (url !== `${window.location.pathname}${window.location.search}`)
      writeUrl(url, mode.current, window.history.state);
    mode.current = 'replace';
  }, [url]);
  const popped = useEffectEvent(() => {
    onPop?.();
    setView(parse(new URLSearchParams(window.location.search)));
  });
  useEffect(() => {
    const listener = () => popped();
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  }, []);
  const set = useCallback((next: T | ((view: T) => T), how: UrlMode = 'replace') => {
    if (how === 'push') mode.current = 'push';
    setView(next);
  }, []);
  return [view, set];
}
