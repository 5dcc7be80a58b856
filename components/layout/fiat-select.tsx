'use client';
import { useQueryClient } from '@tanstack/react-query';
import { fiatsQuery } from '@/lib/client/queries/price';
import { useFiat } from '@/lib/features/fiats/use-fiat';
import { useFiatSupport } from '@/lib/client/stores/fiat-support';
import { SelectArrowIcon } from '@/components/ui/icons';

/** The display fiat for every price on every page, from the upstream's `fiats` list. */
export function FiatSelect() {
  const { code, fiats, refused } = useFiat();
  const setTrial = useFiatSupport((s) => s.setTrial);
  const refusedAll = useFiatSupport((s) => s.refused);
  // The list is asked for once the page is idle (lib/features/fiats/use-fiat.ts); a trader who
  // reaches for the menu sooner asks for it then: a pointer over it (a touch enters before it
  // presses) or the keyboard's focus.
  const client = useQueryClient();
  const warm = () => void client.prefetchQuery(fiatsQuery);
  const options = fiats ?? [{ id: 0, code: 'USD', name: 'US Dollar', symbol: '$', precision: 2 }];
  const known = options.some((f) => f.code.toUpperCase() === code);
  return (
    <span className="inline-flex items-center gap-1.5">
      {refused && (
        <span
          role="status"
          data-testid="fiat-refused"
          title={`The price service has no quotes in ${refused.code}: prices are shown in USD.`}
          className="hidden text-11 text-warn sm:inline"
        >
          {refused.code} unavailable
        </span>
      )}
      <label className="relative inline-flex items-center">
        <span className="sr-only">Display currency</span>
        <select
          data-testid="fiat-select"
          value={code}
          // Tried first, kept as the preference once a quote in it arrives (lib/client/stores/fiat-support.ts).
          onChange={(e) => setTrial(e.target.value)}
          onPointerEnter={warm}
          onFocus={warm}
          className="num h-7 appearance-none rounded border border-border bg-panel pl-2 pr-6 text-xs font-medium text-text hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent"
          title="Display currency"
        >
          {!known && <option value={code}>{code}</option>}
          {options.map((f) => (
            <option
              key={f.code}
              value={f.code.toUpperCase()}
              disabled={Boolean(refusedAll[f.code.toUpperCase()])}
            >
              {f.code.toUpperCase()}
              {f.symbol ? ` ${f.symbol}` : ''}
              {refusedAll[f.code.toUpperCase()] ? ' (no quotes)' : ''}
            </option>
          ))}
        </select>
        <SelectArrowIcon className="pointer-events-none absolute right-2 text-muted" />
      </label>
    </span>
  );
}
