'use client';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FiatItem, TokenItem } from '@/lib/contracts/price/schema';
import { fiatFormat } from '@/lib/features/fiats/use-fiat';
import { formatFixed } from '@/lib/core/format/number';
import {
  assetParam,
  convert,
  formatResult,
  formatTokenAmount,
  parseAmount,
  type Asset,
} from '@/lib/features/fiats/convert';
import { quotesQuery, ratesQuery, tokensQuery } from '@/lib/client/queries/price';
import { tokenSearchQuery } from '@/lib/features/fiats/queries';
import { Button } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';
import { Flash } from '@/components/ui/flash';
import { Freshness } from '@/components/ui/freshness';
import { Skeleton } from '@/components/ui/skeleton';
import { TokenIcon } from '@/components/ui/token-icon';
import { compareDecimal } from '@/lib/features/fiats/compare';
import { CANONICAL, localize, toLocaleInput } from '@/lib/core/format/locale-number';
import { useNumberLocale } from '@/lib/client/hooks/use-number-locale';

const NO_IDS: number[] = [];

/** A decimal string as given, grouped, with all its decimals. */
function exact(value: string): string {
  const decimals = value.includes('.') ? (value.split('.')[1] ?? '').length : 0;
  return formatFixed(value, decimals);
}

/**
 * The amount field's text: from the URL (`typed: false`, the app's notation, which is how links carry
 * it) until the user types, then as typed in their locale.
 */
export interface AmountInput {
  text: string;
  typed: boolean;
}

export interface ConverterProps {
  amount: AmountInput;
  from: Asset;
  to: Asset;
  fiats: FiatItem[] | undefined;
  /** `canonical`: the typed amount in the app's notation (`1000.5`), null while it does not read */
  onChange: (patch: {
    amount?: { text: string; canonical: string | null };
    from?: Asset;
    to?: Asset;
  }) => void;
}

/**
 * amount + from + to, any fiat or token: fiat -> fiat through the from-base's rate, token <-> fiat
 * through quotes/latest in that fiat, token -> token through both USD prices. big.js only.
 */
export function Converter({ amount: input, from, to, fiats, onChange }: ConverterProps) {
  const id = useId();
  const seps = useNumberLocale();
  const num = (text: string) => localize(text, seps);
  const [picked, setPicked] = useState<TokenItem[]>([]);
  const top = useQuery(tokensQuery(1, 100));

  const knownFiat = (code: string) => !fiats || fiats.some((f) => f.code.toUpperCase() === code);
  const unknown = [from, to].filter(
    (a): a is Extract<Asset, { kind: 'fiat' }> => a.kind === 'fiat' && !knownFiat(a.code),
  );

  const amount = parseAmount(input.text, input.typed ? seps : CANONICAL);
  const amountText =
    input.typed || !amount.ok ? input.text : toLocaleInput(amount.value.toFixed(), seps);
  const fiatPair =
    from.kind === 'fiat' && to.kind === 'fiat' && from.code !== to.code && unknown.length === 0;
  const rates = useQuery({
    ...ratesQuery(from.kind === 'fiat' ? from.code : 'USD'),
    enabled: fiatPair,
    refetchIntervalInBackground: false,
  });
  const tokenIds = [from, to].flatMap((a) => (a.kind === 'token' ? [a.id] : []));
  const ids = [...new Set(tokenIds)].sort((a, b) => a - b);
  const quoteFiat = from.kind === 'fiat' ? from.code : to.kind === 'fiat' ? to.code : 'USD';
  const quotes = useQuery({
    ...quotesQuery(ids.length && unknown.length === 0 ? ids : NO_IDS, quoteFiat),
  });

  const tokenInfo = (tid: number) =>
    picked.find((t) => t.id === tid) ?? top.data?.items.find((t) => t.id === tid) ?? null;
  const quoteOf = (tid: number) => quotes.data?.find((q) => q.token_id === tid);
  const unit = (a: Asset) =>
    a.kind === 'fiat' ? a.code : (tokenInfo(a.id)?.symbol ?? quoteOf(a.id)?.symbol ?? `#${a.id}`);
  const fiatItem = (code: string) => fiats?.find((f) => f.code.toUpperCase() === code);

  // The figures, each a string as the upstream gave it.
  const fiatRate = fiatPair
    ? (rates.data?.find((r) => r.target_fiat_code.toUpperCase() === (to as { code: string }).code)
        ?.rate ?? null)
    : null;
  const tokenPrice =
    from.kind === 'token' && to.kind === 'fiat'
      ? quoteOf(from.id)?.price
      : from.kind === 'fiat' && to.kind === 'token'
        ? quoteOf(to.id)?.price
        : undefined;
  const fromUsd =
    from.kind === 'token' && to.kind === 'token' ? quoteOf(from.id)?.price : undefined;
  const toUsd = from.kind === 'token' && to.kind === 'token' ? quoteOf(to.id)?.price : undefined;
  const rawRate = fiatPair ? fiatRate : (tokenPrice ?? null);

  const live = fiatPair ? rates : ids.length ? quotes : null;
  const loading = live ? live.isPending && live.fetchStatus !== 'idle' : false;
  const conversion =
    amount.ok && unknown.length === 0
      ? convert(amount.value, from, to, { fiatRate, tokenPrice, fromUsd, toUsd })
      : null;

  let problem: string | null = null;
  if (unknown.length)
    problem = `${unknown.map((u) => u.code).join(' and ')} ${unknown.length > 1 ? 'are not fiats' : 'is not a fiat'} the price service lists: pick a currency from the list.`;
  else if (live?.isError && !live.data)
    problem = `The ${fiatPair ? 'rate' : 'price'} could not be loaded: ${live.error.message}.`;
  else if (fiatPair && rates.isSuccess && fiatRate === null)
    problem = `The price service has no rate from ${unit(from)} to ${unit(to)}.`;
  else if (ids.length && quotes.isSuccess && ids.some((t) => !quoteOf(t)))
    problem = `The price service has no quote for token ${ids
      .filter((t) => !quoteOf(t))
      .map((t) => `#${t}`)
      .join(', ')}.`;
  else if (conversion && !conversion.ok && conversion.reason === 'zero-price')
    problem = `${unit(to.kind === 'token' ? to : from)} has a price of zero: it cannot be converted.`;

  const toFormat = to.kind === 'fiat' ? fiatFormat(fiatItem(to.code), to.code) : undefined;
  const result = conversion?.ok ? conversion : null;

  let rateLine: string | null = null;
  if (result) {
    if (fiatPair && fiatRate) rateLine = `1 ${unit(from)} = ${num(exact(fiatRate))} ${unit(to)}`;
    else if (from.kind === 'token' && to.kind === 'fiat' && tokenPrice)
      rateLine = `1 ${unit(from)} = ${num(exact(tokenPrice))} ${unit(to)}`;
    else if (from.kind === 'fiat' && to.kind === 'token' && tokenPrice)
      rateLine = `1 ${unit(from)} = ${num(formatTokenAmount(result.rate.toFixed()))} ${unit(to)} · 1 ${unit(to)} = ${num(exact(tokenPrice))} ${unit(from)}`;
    else if (from.kind === 'token' && to.kind === 'token' && fromUsd && toUsd)
      rateLine = `1 ${unit(from)} = ${num(formatTokenAmount(result.rate.toFixed()))} ${unit(to)} · via USD ${num(exact(fromUsd))} / ${num(exact(toUsd))}`;
    else rateLine = `1 ${unit(from)} = 1 ${unit(to)}`;
  }

  const tokens = [
    ...picked,
    ...(top.data?.items ?? []).filter((t) => !picked.some((p) => p.id === t.id)),
  ];
  const options = (self: Asset) => {
    const extra =
      self.kind === 'token' && !tokens.some((t) => t.id === self.id) ? (
        <option value={assetParam(self)}>{`${unit(self)} · token #${self.id}`}</option>
      ) : self.kind === 'fiat' && !knownFiat(self.code) ? (
        <option value={self.code}>{`${self.code} (unknown)`}</option>
      ) : null;
    return (
      <>
        <optgroup label="Fiat currencies">
          {(fiats ?? (self.kind === 'fiat' ? [{ code: self.code, name: '' }] : [])).map((f) => (
            <option key={f.code} value={f.code.toUpperCase()}>
              {f.name ? `${f.code.toUpperCase()} · ${f.name}` : f.code}
            </option>
          ))}
          {self.kind === 'fiat' && extra}
        </optgroup>
        <optgroup label="Tokens">
          {tokens.map((t) => (
            <option key={t.id} value={`token:${t.id}`}>
              {`${t.symbol} · ${t.name} (${t.chain_name})`}
            </option>
          ))}
          {self.kind === 'token' && extra}
        </optgroup>
      </>
    );
  };
  const onAsset = (value: string, side: 'from' | 'to') => {
    const token = /^token:(\d+)$/.exec(value);
    onChange({
      [side]: token ? { kind: 'token', id: Number(token[1]) } : { kind: 'fiat', code: value },
    });
  };

  const amountError = amount.ok ? null : amount.message;
  return (
    <div className="p-3">
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-end gap-2">
        <Field
          id={`${id}-amount`}
          label="Amount"
          hint={`In your browser's notation, e.g. ${num('1,250.50')}`}
          error={amountError}
          className="col-span-3"
        >
          <TextInput
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={amountText}
            onChange={(e) => {
              const parsed = parseAmount(e.target.value, seps);
              onChange({
                amount: {
                  text: e.target.value,
                  canonical: parsed.ok ? parsed.value.toFixed() : null,
                },
              });
            }}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${id}-amount-error` : `${id}-amount-hint`}
            className="num text-right text-[14px]"
            data-testid="convert-amount"
          />
        </Field>
        <Field id={`${id}-from`} label="From">
          <Select
            id={`${id}-from`}
            value={assetParam(from)}
            onChange={(e) => onAsset(e.target.value, 'from')}
            data-testid="convert-from"
          >
            {options(from)}
          </Select>
        </Field>
        <Button
          variant="secondary"
          className="h-8 w-8 self-end !px-0"
          aria-label={`Swap: convert ${unit(to)} to ${unit(from)}`}
          title="Swap from and to"
          onClick={() => onChange({ from: to, to: from })}
          data-testid="convert-swap"
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden
            className="h-4 w-4 min-w-4 shrink-0"
          >
            <path d="M4 8h15M19 8l-4-4M19 8l-4 4M20 16H5M5 16l4-4M5 16l4 4" />
          </svg>
        </Button>
        <Field id={`${id}-to`} label="To">
          <Select
            id={`${id}-to`}
            value={assetParam(to)}
            onChange={(e) => onAsset(e.target.value, 'to')}
            data-testid="convert-to"
          >
            {options(to)}
          </Select>
        </Field>
      </div>

      <div
        className="mt-3 flex min-h-[64px] flex-wrap items-center justify-between gap-x-6 gap-y-2 rounded border border-border bg-bg px-3 py-2"
        aria-live="polite"
        data-testid="convert-box"
      >
        <div className="min-w-0 max-w-full">
          {problem ? (
            <p role="alert" className="text-[13px] text-down" data-testid="convert-problem">
              {problem}
            </p>
          ) : amountError ? (
            <p className="text-[13px] text-muted">Fix the amount to see the conversion.</p>
          ) : result ? (
            <>
              <div className="num flex min-w-0 flex-wrap items-baseline gap-x-2">
                <span className="break-all text-[13px] text-muted">
                  {amount.ok ? num(exact(amount.value.toFixed())) : ''} {unit(from)} =
                </span>
                <Flash
                  value={result.result.toFixed()}
                  compare={compareDecimal}
                  className="min-w-0 break-all px-1"
                >
                  <output
                    className="text-[22px] font-semibold leading-7"
                    data-testid="convert-result"
                    data-value={result.result.toFixed()}
                    data-rate={rawRate ?? ''}
                  >
                    {num(formatResult(result.result, to, toFormat))}
                  </output>
                </Flash>
                <span className="text-[14px] font-medium text-muted">{unit(to)}</span>
              </div>
              <p
                className="num mt-0.5 break-words text-[12px] text-muted"
                data-testid="convert-rate"
              >
                {rateLine}
              </p>
            </>
          ) : loading || !live ? (
            <div className="flex flex-col gap-1.5">
              <Skeleton width={220} height={24} />
              <Skeleton width={160} height={11} />
            </div>
          ) : (
            <p className="text-[13px] text-muted">Waiting for the figures…</p>
          )}
        </div>
        {live && live.data !== undefined && (
          <Freshness
            updatedAt={live.dataUpdatedAt || null}
            stale={live.isError}
            onRetry={() => void live.refetch()}
          />
        )}
      </div>

      <TokenSearch
        onPick={(token, side) => {
          setPicked((list) => [token, ...list.filter((t) => t.id !== token.id)]);
          onChange({ [side]: { kind: 'token', id: token.id } });
        }}
      />
    </div>
  );
}

/** tokens/platforms/{keyword}: an exact symbol, name or contract address, across chains. */
function TokenSearch({ onPick }: { onPick: (token: TokenItem, side: 'from' | 'to') => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const search = useQuery(tokenSearchQuery(keyword));
  return (
    <div className="mt-3 border-t border-border pt-3">
      <form
        className="flex items-end gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(text.trim());
        }}
      >
        <Field
          id={`${id}-q`}
          label="Find a token by exact symbol, name or contract address"
          className="min-w-0 flex-1"
        >
          <TextInput
            id={`${id}-q`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. PEPE, Wrapped Ether, 0xdAC1…1ec7"
            autoComplete="off"
            spellCheck={false}
            data-testid="token-search"
          />
        </Field>
        <Button type="submit" disabled={!text.trim()}>
          Search
        </Button>
      </form>
      {keyword && (
        <div className="mt-2" aria-live="polite">
          {search.isPending ? (
            <Skeleton width={260} height={14} />
          ) : search.isError ? (
            <p role="alert" className="text-[12px] text-down">
              The search failed: {search.error.message}.
            </p>
          ) : search.data.length === 0 ? (
            <p className="text-[12px] text-muted">
              No token matches &ldquo;{keyword}&rdquo; exactly: try the full symbol, name or
              contract address.
            </p>
          ) : (
            <ul
              className="divide-y divide-border/60 rounded border border-border"
              aria-label={`Tokens matching ${keyword}`}
            >
              {search.data.slice(0, 20).map((t) => (
                <li
                  key={t.id}
                  className="flex h-9 items-center gap-2 px-2 text-[13px]"
                  data-testid="token-result"
                >
                  <TokenIcon src={t.logo_url} symbol={t.symbol} size={18} />
                  <span className="font-semibold">{t.symbol}</span>
                  <span className="min-w-0 truncate text-muted">
                    {t.name} · {t.chain_name}
                    {t.is_native ? ' · native' : ''}
                  </span>
                  <span className="ml-auto flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onPick(t, 'from')}
                      aria-label={`Convert from ${t.symbol} on ${t.chain_name}`}
                    >
                      From
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => onPick(t, 'to')}
                      aria-label={`Convert to ${t.symbol} on ${t.chain_name}`}
                    >
                      To
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
