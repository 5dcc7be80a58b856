'use client';
import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

/**
 * False during the server render and the hydration pass, true after: state kept in localStorage
 * (labels, the wallet book) is shown only once it can match on both sides.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
