'use client';
/**
 * Which display fiats the quotes endpoint actually serves. The fiats list can name a currency that
 * `quotes/latest` refuses (20001 `unsupported fiat`); such a fiat is remembered here for the tab, the
 * pages fall back to USD and say so, and a fiat that came from a shared link is only kept as the
 * preference once a quote in it has arrived. Not persisted: the upstream may add the fiat later.
 *
 * The display fiat has one source, `useFiat` (lib/features/fiats/use-fiat.ts): this trial over the
 * preference. A link's `fiat=` goes in once, as the trial, when the page loads (below); Markets'
 * URL only shows what is on display (components/markets/markets-fiat.tsx).
 */
import { create } from 'zustand';
import { fiatCode } from '../../core/format/number';
import { ApiError, api } from '../api';
import { usePrefs } from './prefs';

interface FiatSupport {
  /** fiats the quotes endpoint refused, with its words */
  refused: Record<string, string>;
  /** a fiat from a link, shown but not yet kept: kept once a quote in it arrives */
  trial: string | null;
  refuse: (code: string, message: string) => void;
  served: (code: string) => void;
  setTrial: (code: string | null) => void;
}

export const useFiatSupport = create<FiatSupport>()((set, get) => ({
  refused: {},
  trial: null,
  // A refused trial stays the tab's choice (the pages say why they show USD) but is never kept.
  refuse: (code, message) => set((s) => ({ refused: { ...s.refused, [code]: message } })),
  served: (code) => {
    if (get().trial !== code) return;
    set({ trial: null });
    usePrefs.getState().setFiat(code);
  },
  setTrial: (code) => {
    set({ trial: code });
    if (!code || code === 'USD') {
      if (code) get().served(code);
      return;
    }
    // Pages without quotes (pools, fiats) would never confirm it: ask the quotes endpoint once.
    api('price', `/quotes/latest?ids=1&fiat=${encodeURIComponent(code)}`).then(
      () => get().served(code),
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 20001) get().refuse(code, error.message);
      },
    );
  },
}));

/** A link's `fiat=` as a currency code (upper case), or null when it names none. */
export function linkFiat(search: string): string | null {
  return fiatCode(new URLSearchParams(search).get('fiat'));
}

// The page's own link, read once as the store is made in the browser. Set after the store's
// creation, so its initial state (no trial: zustand's server snapshot) is what the server render
// and the hydration pass see; React shows the trial right after hydration, with no effect.
if (typeof window !== 'undefined') {
  const code = linkFiat(window.location.search);
  if (code && code !== usePrefs.getState().fiat) useFiatSupport.getState().setTrial(code);
}
