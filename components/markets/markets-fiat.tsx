'use client';
/**
 * Markets' display fiat: the header's choice (lib/features/fiats/use-fiat.ts), which a shared link's
 * `fiat=` starts as a trial (lib/client/stores/fiat-support.ts), mirrored back into the URL; and the
 * notice shown when prices fall back to USD.
 */
import type { ReadonlyURLSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { ParamPatch } from '@/lib/client/hooks/use-url-params';
import { useFiatSupport } from '@/lib/client/stores/fiat-support';
import { usePrefs } from '@/lib/client/stores/prefs';
import { useFiat, type SelectedFiat } from '@/lib/features/fiats/use-fiat';

export function useMarketsFiat(
  params: ReadonlyURLSearchParams,
  update: (patch: ParamPatch) => void,
  hydrated: boolean,
) {
  // A shared link's `fiat` is adopted once, then the URL follows the header's choice.
  const selected = useFiat();
  const setTrial = useFiatSupport((s) => s.setTrial);
  const adopted = useRef(false);
  useEffect(() => {
    if (!hydrated) return;
    const fromUrl = params.get('fiat')?.toUpperCase() ?? null;
    if (!adopted.current) {
      adopted.current = true;
      // Shown at once, kept as the preference only once a quote in it arrives.
      if (fromUrl && /^[A-Z]{2,10}$/.test(fromUrl) && fromUrl !== selected.code) {
        setTrial(fromUrl);
        return;
      }
    }
    const want = selected.code === 'USD' ? null : selected.code;
    if (fromUrl !== want) update({ fiat: want });
  }, [hydrated, params, selected.code, setTrial, update]);
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
