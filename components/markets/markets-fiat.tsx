'use client';
/**
 * Markets' display fiat: the one the whole app shows (lib/features/fiats/use-fiat.ts: the header's
 * choice, or a shared link's `fiat=` on trial, lib/client/stores/fiat-support.ts), written into the
 * URL so that a copied link opens in it; and the notice shown when prices fall back to USD.
 */
import type { ReadonlyURLSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import type { ParamPatch } from '@/lib/client/hooks/use-url-params';
import { useFiatSupport } from '@/lib/client/stores/fiat-support';
import { usePrefs } from '@/lib/client/stores/prefs';
import { useFiat, type SelectedFiat } from '@/lib/features/fiats/use-fiat';

export function useMarketsFiat(
  params: ReadonlyURLSearchParams,
  update: (patch: ParamPatch) => void,
  hydrated: boolean,
) {
  const selected = useFiat();
  // One way only: the URL shows the fiat on display and is never read back (the link a page was
  // opened with was read once, as the store was made). USD, the default, is left out.
  const shown = selected.code === 'USD' ? null : selected.code;
  const inUrl = params.get('fiat');
  useEffect(() => {
    if (hydrated && inUrl !== shown) update({ fiat: shown });
  }, [hydrated, inUrl, shown, update]);
  const fiatCode = selected.unknown ? 'USD' : selected.code;
  const fiat = selected.unknown ? { code: 'USD', symbol: '$', precision: 2 } : selected.format;
  return { selected, fiatCode, fiat };
}

/** Why the prices are in USD when the chosen fiat is unknown or refused, and the way back to USD. */
export function FiatFallback({ selected }: { selected: SelectedFiat }) {
  const setTrial = useFiatSupport((s) => s.setTrial);
  const setFiat = usePrefs((s) => s.setFiat);
  return (
    <p
      role="status"
      data-testid="fiat-fallback"
      className="border-b border-border bg-raised/60 px-3 py-1.5 text-12 text-muted"
    >
      {selected.refused
        ? `Quotes are not available in ${selected.refused.code} (the price service refused it), so prices are in USD.`
        : `The price service has no currency “${selected.code}”, so prices are in USD.`}{' '}
      <button
        type="button"
        className="font-medium text-accent hover:underline"
        onClick={() => {
          setTrial(null);
          setFiat('USD');
        }}
      >
        Use USD
      </button>
    </p>
  );
}
