'use client';
/**
 * Markets' display fiat: the URL's `fiat=`, else the header's choice (one rule with the header's
 * picker: lib/features/fiats/use-display-fiat.ts); and the notice shown when prices fall back to
 * USD.
 */
import { USD } from '@/lib/core/format/number';
import { useDisplayFiat } from '@/lib/features/fiats/use-display-fiat';
import type { SelectedFiat } from '@/lib/features/fiats/use-fiat';

export function useMarketsFiat() {
  const { selected, pick } = useDisplayFiat();
  const fiatCode = selected.unknown ? 'USD' : selected.code;
  const fiat = selected.unknown ? USD : selected.format;
  return { selected, pick, fiatCode, fiat };
}

/** Why the prices are in USD when the chosen fiat is unknown or refused, and the way back to USD. */
export function FiatFallback({
  selected,
  pick,
}: {
  selected: SelectedFiat;
  pick: (code: string) => void;
}) {
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
        onClick={() => pick('USD')}
      >
        Use USD
      </button>
    </p>
  );
}
