'use client';
import { useSyncExternalStore } from 'react';
import { CANONICAL, separatorsOf, type NumberSeparators } from '../../core/format/locale-number';

let cached: { key: string; seps: NumberSeparators } | null = null;

function browserSeparators(): NumberSeparators {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const key = languages.join(',');
  if (cached?.key !== key) cached = { key, seps: separatorsOf(languages[0]) };
  return cached.seps;
}

const noop = () => () => undefined;

/**
 * The decimal and group separators of the browser's language. The server knows no locale, so the
 * server render and the hydration pass use the app's notation (CANONICAL); the browser's follows
 * right after, with no hydration mismatch.
 */
export function useNumberLocale(): NumberSeparators {
  return useSyncExternalStore(noop, browserSeparators, () => CANONICAL);
}
