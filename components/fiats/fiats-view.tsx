'use client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFiat } from '@/lib/features/fiats/use-fiat';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import type { FiatItem } from '@/lib/contracts/price/schema';
import { useUrlParams } from '@/lib/client/hooks/use-url-params';
import { assetParam, parseAsset, type Asset } from '@/lib/features/fiats/convert';
import { fiatsQuery, ratesQuery } from '@/lib/client/queries/price';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/field';
import { QueryFreshness } from '@/components/ui/query-freshness';
import { Panel } from '@/components/ui/panel';
import { Converter, type AmountInput } from './converter';
import { FiatList } from './fiat-list';
import { RatesTable } from './rates-table';

/** `/fiats`: the converter, the rates of a base (`?base=`) refreshed every 3 s, and the fiats list. */
export function FiatsView({ initialFiats }: { initialFiats: FiatItem[] | null }) {
  const id = useId();
  const [params, update] = useUrlParams();
  const display = useFiat();
  // The hydration pass must render what the server did. The header asks for the same list, and when
  // its answer lands before this part of the page hydrates (it hydrates apart, in its Suspense
  // boundary) the options and rows would differ from the server's HTML: React error #418.
  const hydrated = useHydrated();
  const fiats = (hydrated ? display.fiats : undefined) ?? initialFiats ?? undefined;
  const fiatsQ = useQuery(fiatsQuery);

  const rawBase = params.get('base')?.trim() ?? '';
  const base = (rawBase || display.code).toUpperCase();
  const baseValid = /^[A-Z]{2,10}$/.test(base);
  const baseKnown = baseValid && (!fiats || fiats.some((f) => f.code.toUpperCase() === base));
  // Polled every 3 s (POLL_MS); react-query pauses the interval while the tab is hidden.
  const rates = useQuery({
    ...ratesQuery(base),
    enabled: baseKnown,
    refetchIntervalInBackground: false,
  });

  const defaultFrom: Asset = { kind: 'fiat', code: display.code };
  const defaultTo: Asset = { kind: 'fiat', code: display.code === 'EUR' ? 'USD' : 'EUR' };
  const from = parseAsset(params.get('from')) ?? defaultFrom;
  const to = parseAsset(params.get('to')) ?? defaultTo;
  // The typed text is the input's own state (an emptied field stays empty); the URL follows it, in
  // the app's notation (`1000.5`) so that a link reads the same in every locale.
  const [amount, setAmount] = useState<AmountInput>(() => ({
    text: params.get('amount') ?? '100',
    typed: false,
  }));
  const baseName = fiats?.find((f) => f.code.toUpperCase() === base)?.name;

  const setBase = (code: string) => update({ base: code });

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-3 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <Panel
          title={
            <span className="flex items-center gap-2">
              <label htmlFor={`${id}-base`}>Rates from</label>
              <Select
                id={`${id}-base`}
                value={base}
                onChange={(e) => setBase(e.target.value)}
                className="h-7 !w-[84px] font-semibold normal-case tracking-normal"
                data-testid="base-select"
              >
                {!baseKnown && <option value={base}>{rawBase || base}</option>}
                {(fiats ?? [{ code: base, name: '' }]).map((f) => (
                  <option key={f.code} value={f.code.toUpperCase()}>
                    {f.code.toUpperCase()}
                  </option>
                ))}
              </Select>
            </span>
          }
          actions={
            rates.data !== undefined && (
              <span className="whitespace-nowrap">
                <QueryFreshness query={rates} />
              </span>
            )
          }
        >
          {!baseKnown ? (
            <EmptyState
              tone="error"
              title={`“${rawBase.slice(0, 24)}” is not a fiat currency the price service lists.`}
              action={
                <Button onClick={() => setBase(display.code === base ? 'USD' : display.code)}>
                  Show rates from {display.code === base ? 'USD' : display.code}
                </Button>
              }
            >
              Pick a base from the list.
            </EmptyState>
          ) : rates.isError && rates.data === undefined ? (
            <LoadError
              title={`The rates from ${base} could not be loaded: ${rates.error.message}.`}
              onRetry={() => void rates.refetch()}
            />
          ) : rates.data && rates.data.length === 0 ? (
            <EmptyState
              title={`The price service has no exchange rates for ${base}${baseName ? ` (${baseName})` : ''}.`}
              action={
                <Button onClick={() => setBase(base === 'USD' ? 'EUR' : 'USD')}>
                  Show rates from {base === 'USD' ? 'EUR' : 'USD'}
                </Button>
              }
            >
              Pick another base currency to see its rates.
            </EmptyState>
          ) : (
            <RatesTable base={base} rates={rates.data ?? null} fiats={fiats} />
          )}
        </Panel>

        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-3">
          <Panel title="Converter" bodyClassName="">
            <Converter
              amount={amount}
              from={from}
              to={to}
              fiats={fiats}
              onChange={(patch) => {
                const typed = patch.amount;
                if (typed) setAmount({ text: typed.text, typed: true });
                update({
                  // A text that does not read (yet) leaves the link at the last amount that did.
                  ...(typed && (typed.canonical !== null || typed.text.trim() === '')
                    ? { amount: typed.canonical ?? '' }
                    : {}),
                  ...(patch.from ? { from: assetParam(patch.from) } : {}),
                  ...(patch.to ? { to: assetParam(patch.to) } : {}),
                  // Keep the amount in the URL once the user touches the converter, even at its default.
                  ...(!typed && !amount.typed && !params.get('amount')
                    ? { amount: amount.text }
                    : {}),
                });
              }}
            />
          </Panel>
          <Panel title={fiats ? `${fiats.length} fiat currencies` : 'Fiat currencies'}>
            {fiats === undefined && hydrated && fiatsQ.isError ? (
              <EmptyState tone="error" title="The fiat list could not be loaded." />
            ) : (
              <FiatList fiats={fiats} base={base} display={display.code} onPick={setBase} />
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
