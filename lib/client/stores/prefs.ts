'use client';
/** Preferences that outlive a page: theme, fiat, time zone. Kept in the browser only. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
// The pre-paint script in app/layout.tsx reads this key to avoid a theme flash.
import { PREFS_STORAGE_KEY } from './keys';

export type Theme = 'dark' | 'light';
import type { TimeZoneMode } from '../../core/format/zone';

export type { TimeZoneMode };

interface PrefsState {
  theme: Theme;
  fiat: string;
  tz: TimeZoneMode;
  setTheme: (theme: Theme) => void;
  setFiat: (fiat: string) => void;
  setTz: (tz: TimeZoneMode) => void;
}

export const usePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      theme: 'dark',
      fiat: 'USD',
      tz: 'local',
      setTheme: (theme) => set({ theme }),
      setFiat: (fiat) => set({ fiat: fiat.toUpperCase() }),
      setTz: (tz) => set({ tz }),
    }),
    { name: PREFS_STORAGE_KEY, version: 1 },
  ),
);
