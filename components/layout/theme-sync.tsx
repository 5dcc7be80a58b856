'use client';
import { useEffect } from 'react';
import { usePrefs } from '@/lib/client/stores/prefs';

/**
 * Mirrors the persisted theme onto <html data-theme> (the pre-paint script did the first paint), and
 * marks <html data-hydrated> once React has taken the page over: tests wait for that instead of a
 * fixed delay.
 */
export function ThemeSync() {
  const theme = usePrefs((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
