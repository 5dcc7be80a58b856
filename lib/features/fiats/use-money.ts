'use client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { moneyOf, usdRateOf, type Money, type MoneyState } from './usd';
import { ratesQuery } from '../../client/queries/price';
import { useFiat } from './use-fiat';

/** Rates drift slowly (the seed gives one-minute resolution): a minute's poll is plenty here. */
const RATE_REFRESH_MS = 60_000;

/**
 * USD figures (pools, trades, holders) in the display fiat, converted with the price service's
 * `fiats/rates/USD` (one cached query for every figure of the tab). A fiat the service has no rate
 * for (`VES`), or does not list at all, keeps the figures in USD and says so.
 */
export function useMoney(): Money {
  const { code, format, unknown } = useFiat();
  const wantsRate = code !== 'USD' && !unknown;
  const rates = useQuery({
    ...ratesQuery('USD'),
    enabled: wantsRate,
    refetchInterval: RATE_REFRESH_MS,
    staleTime: RATE_REFRESH_MS / 2,
  });
  const rate = rates.data ? usdRateOf(rates.data, code) : null;
  const failed = rates.isError && !rates.data;
  const state: MoneyState = useMemo(() => {
    if (code === 'USD') return { kind: 'usd' };
    if (unknown)
      return { kind: 'fallback', reason: `${code} is not a currency the price service lists` };
    if (rate) return { kind: 'converted', rate };
    if (failed) return { kind: 'fallback', reason: `the ${code} rate could not be loaded` };
    if (rates.data) return { kind: 'fallback', reason: `the price service has no ${code} rate` };
    return { kind: 'loading' };
  }, [code, unknown, rate, failed, rates.data]);
  return useMemo(() => moneyOf(state, format), [state, format]);
}
