/**
 * Next's App Router hooks for component tests, read from happy-dom's `window.location`:
 * `vi.mock('next/navigation', () => import('../../support/navigation'))`. A test moves the URL with
 * `history.replaceState` (as a link or a reload would have it) before it renders, or with `goBack`
 * (Back or Forward landing on an entry) after; what the components write themselves goes through
 * lib/client/hooks/use-url-params.ts, whose overlay shows it at once, as in the browser.
 */
import { useMemo, useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
};

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Back or Forward: the tab's URL becomes `url`, and the page hears `popstate`. */
export function goBack(url: string): void {
  window.history.replaceState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
