'use client';
import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

/**
 * The fiats page's view state in the query string (`base`, `amount`, `from`, `to`), written through
 * the history API: Next keeps useSearchParams in step, and no server round trip happens per keystroke.
 */
export function useFiatsUrl(): [URLSearchParams, (patch: Record<string, string | null>) => void] {
  const params = useSearchParams();
  const update = useCallback((patch: Record<string, string | null>) => {
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    const qs = next.toString();
    window.history.replaceState(null, '', qs ? `${window.location.pathname}?${qs}` : window.location.pathname);
  }, []);
  return [new URLSearchParams(params.toString()), update];
}
