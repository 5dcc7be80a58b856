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
import { Button } from '@/components/ui/button';
import { Field, Select, TextInput } from '@/components/ui/field';
import { CANONICAL, localize, toLocaleInput } from '@/lib/core/format/locale-number';
import { useNumberLocale } from '@/lib/client/hooks/use-number-locale';
import { AssetOptions } from './asset-options';
import { ConversionBox } from './conversion-box';
import { TokenSearch } from './token-search';
import { Svg, type IconProps } from '@/components/ui/icons';

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

/** Two opposed arrows: swap the two sides (the converter's from and to). */
const SwapIcon = ({ size = 16, ...p }: IconProps) => (
  <Svg size={size} {...p}>
    <path d="M4 8h15M19 8l-4-4M19 8l-4 4M20 16H5M5 16l4-4M5 16l4 4" />
  </Svg>
);

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
  const onAsset = (value: string, side: 'from' | 'to') => {
    const token = /^token:(\d+)$/.exec(value);
    onChange({
      [side]: token ? { kind: 'token', id: Number(token[1]) } : { kind: 'fiat', code: value },
    });
  };

  const assetField = (side: 'from' | 'to', label: string) => {
    const asset = side === 'from' ? from : to;
    return (
      <Field id={`${id}-${side}`} label={label}>
        <Select
          id={`${id}-${side}`}
          value={assetParam(asset)}
          onChange={(e) => onAsset(e.target.value, side)}
          data-testid={`convert-${side}`}
        >
          <AssetOptions self={asset} fiats={fiats} tokens={tokens} unit={unit(asset)} />
        </Select>
      </Field>
    );
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
            className="num text-right text-14"
            data-testid="convert-amount"
          />
        </Field>
        {assetField('from', 'From')}
        <Button
          variant="secondary"
          className="h-8 w-8 self-end !px-0"
          aria-label={`Swap: convert ${unit(to)} to ${unit(from)}`}
          title="Swap from and to"
          onClick={() => onChange({ from: to, to: from })}
          data-testid="convert-swap"
        >
          <SwapIcon className="h-4 w-4 min-w-4 shrink-0" />
        </Button>
        {assetField('to', 'To')}
      </div>

      <ConversionBox
        problem={problem}
        amountError={amountError}
        amountText={amount.ok ? num(exact(amount.value.toFixed())) : ''}
        value={result ? result.result.toFixed() : null}
        resultText={result ? num(formatResult(result.result, to, toFormat)) : ''}
        rawRate={rawRate}
        rateLine={rateLine}
        fromUnit={unit(from)}
        toUnit={unit(to)}
        loading={loading}
        live={live}
      />

      <TokenSearch
        onPick={(token, side) => {
          setPicked((list) => [token, ...list.filter((t) => t.id !== token.id)]);
          onChange({ [side]: { kind: 'token', id: token.id } });
        }}
      />
    </div>
  );
}
