'use client';
/**
 * The display fiat as the page shows it, one rule for the header's picker and the Markets table.
 * On Markets the URL decides: a well-formed `fiat=` is the currency shown (a shared link opens in
 * it, Back, Forward and a reload bring their own entry's), and it leaves the stored preference as
 * it is; without one, and on every other page, the header's choice (useFiat: the preference, or a
 * fiat being tried). A pick is one event: the fiat is tried as the preference
 * (lib/client/stores/fiat-support.ts) and, on Markets, written to the URL in the same handler, so
 * nothing reconciles the two afterwards.
 */
import { usePathname } from 'next/navigation';
import { useCallback } from 'react';
import { useHydrated } from '../../client/hooks/use-hydrated';
import { useUrlParams } from '../../client/hooks/use-url-params';
import { useFiatSupport } from '../../client/stores/fiat-support';
import { useFiat, type SelectedFiat } from './use-fiat';

const MARKETS_PATH = '/';

/** `fiat=` as a link writes a currency code (two to ten letters, any case); else it names none. */
function fiatParam(raw: string | null): string | null {
  const code = raw?.toUpperCase() ?? null;
  return code && /^[A-Z]{2,10}$/.test(code) ? code : null;
}

export function useDisplayFiat(): { selected: SelectedFiat; pick: (code: string) => void } {
  const [params, update] = useUrlParams();
  const onMarkets = usePathname() === MARKETS_PATH;
  // The server's render and the hydration pass show USD, as useFiat does for the preference: the
  // server loads Markets' first quotes in USD, and the link's currency follows once hydrated.
  const hydrated = useHydrated();
  const selected = useFiat(onMarkets && hydrated ? fiatParam(params.get('fiat')) : null);
  const setTrial = useFiatSupport((s) => s.setTrial);
  const pick = useCallback(
    (code: string) => {
      setTrial(code);
      // USD is kept as the preference at once (it needs no trial), so a bare URL shows it: the URL
      // carries only another fiat.
      if (onMarkets) update({ fiat: code === 'USD' ? null : code });
    },
    [onMarkets, setTrial, update],
  );
  return { selected, pick };
}
