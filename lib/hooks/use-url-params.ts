'use client';
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { useCallback } from 'react';

export type ParamPatch = Record<string, string | null | undefined>;

/**
 * The query string as the view's state (every view is a URL). `update` merges a patch (null or ''
 * removes a key) and replaces the entry by default, so filters do not flood the back button.
 */
export function useUrlParams(): [ReadonlyURLSearchParams, (patch: ParamPatch, mode?: 'replace' | 'push') => void] {
  const params = useSearchParams();
  const pathname = usePathname();
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
    },
    [pathname],
  );
  return [params, update];
}
