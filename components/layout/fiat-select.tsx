'use client';
import { useFiat } from '@/lib/features/fiats/use-fiat';
import { usePrefs } from '@/lib/client/stores/prefs';

/** The display fiat for every price on every page, from the upstream's `fiats` list. */
export function FiatSelect() {
  const { code, fiats } = useFiat();
  const setFiat = usePrefs((s) => s.setFiat);
  const options = fiats ?? [{ id: 0, code: 'USD', name: 'US Dollar', symbol: '$', precision: 2 }];
  const known = options.some((f) => f.code.toUpperCase() === code);
  return (
    <label className="relative inline-flex items-center">
      <span className="sr-only">Display currency</span>
      <select
        data-testid="fiat-select"
        value={code}
        onChange={(e) => setFiat(e.target.value)}
        className="num h-7 appearance-none rounded border border-border bg-panel pl-2 pr-6 text-xs font-medium text-text hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent"
        title="Display currency"
      >
        {!known && <option value={code}>{code}</option>}
        {options.map((f) => (
          <option key={f.code} value={f.code.toUpperCase()}>
            {f.code.toUpperCase()}
            {f.symbol ? ` ${f.symbol}` : ''}
          </option>
        ))}
      </select>
      <svg
        aria-hidden
        width="10"
        height="10"
        viewBox="0 0 10 10"
        className="pointer-events-none absolute right-2 text-muted"
      >
        <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </label>
  );
}
