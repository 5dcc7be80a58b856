'use client';
/** Preferences that outlive a page: theme, fiat, time zone. Kept in the browser only. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
// The pre-paint script in app/layout.tsx reads this key to avoid a theme flash.
import { PREFS_STORAGE_KEY } from './keys';
import { parseZone, type TimeZoneMode } from '../../core/format/zone';

export type Theme = 'dark' | 'light';

export type { TimeZoneMode };

interface Prefs {
  theme: Theme;
  fiat: string;
  tz: TimeZoneMode;
}

interface PrefsState extends Prefs {
  setTheme: (theme: Theme) => void;
  setFiat: (fiat: string) => void;
  setTz: (tz: TimeZoneMode) => void;
}

const DEFAULTS: Prefs = { theme: 'dark', fiat: 'USD', tz: 'local' };

/** What localStorage held, kept only where it is a value the app can use (it may be hand-edited). */
export function sanitizePrefs(stored: unknown): Partial<Prefs> {
  if (!stored || typeof stored !== 'object') return {};
  const s = stored as Record<string, unknown>;
  const out: Partial<Prefs> = {};
  if (s.theme === 'dark' || s.theme === 'light') out.theme = s.theme;
  if (typeof s.fiat === 'string' && /^[A-Za-z0-9]{1,16}$/.test(s.fiat))
    out.fiat = s.fiat.toUpperCase();
  const tz = parseZone(s.tz);
  if (tz) out.tz = tz;
  return out;
}

export const usePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      setTheme: (theme) => set({ theme }),
      setFiat: (fiat) => set({ fiat: fiat.toUpperCase() }),
      setTz: (tz) => set({ tz: parseZone(tz) ?? 'local' }),
    }),
    {
      name: PREFS_STORAGE_KEY,
      version: 1,
      merge: (stored, current) => ({ ...current, ...sanitizePrefs(stored) }),
    },
  ),
);
