'use client';
import { useEffect } from 'react';
import { usePrefs } from '@/lib/client/stores/prefs';

/** Mirrors the persisted theme onto <html data-theme>; the pre-paint script did the first paint. */
export function ThemeSync() {
  const theme = usePrefs((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
