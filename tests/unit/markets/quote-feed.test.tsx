// @vitest-environment happy-dom
/**
 * The Markets quote feed writes each fiat's answers into that fiat's store only: on a switch of
 * display currency the new store must not take the old currency's figures (they would show under
 * the new symbol until the first answer in it).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { QuoteStore } from '@/lib/features/markets/quote-store';
import { useQuoteFeed } from '@/lib/features/markets/quote-feed';
import { renderWithQueries, stubPriceApi } from '../../support/dom';

const quote = (fiat: string, price: string) => ({
  token_id: 1,
  name: 'Bitcoin',
  symbol: 'BTC',
  fiat_id: fiat === 'USD' ? 1 : 2,
  fiat_code: fiat,
  price,
  market_cap: '1',
  volume_24h: '1',
  volume_change_24h: '0',
  percent_change_1h: '0',
  percent_change_24h: '0',
  percent_change_7d: '0',
  percent_change_30d: '0',
  fully_diluted_valuation: '1',
  circulating_supply: '1',
  total_supply: '1',
  max_supply: '1',
});

/** The table's part: a store of the fiat's own (the view makes one per fiat), fed with token 1. */
function Feed({ fiat, store }: { fiat: string; store: QuoteStore }) {
  useQuoteFeed(store, {
    chunks: [[1]],
    polled: new Set([0]),
    loadAll: false,
    inView: null,
    fiat,
  });
  return null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('a new fiat starts its store empty, not with the old fiat figures, and fills it from its own answer', async () => {
  let answerEur: (() => void) | undefined;
  stubPriceApi([
    [/fiat=USD/, () => ({ code: 0, data: { items: [quote('USD', '58021.79')] } })],
    [
      /fiat=EUR/,
      () =>
        new Promise((resolve) => {
          answerEur = () => resolve({ code: 0, data: { items: [quote('EUR', '53126.82')] } });
        }),
    ],
  ]);
  const usd = new QuoteStore();
  const eur = new QuoteStore();
  const view = renderWithQueries(<Feed fiat="USD" store={usd} />);
  await waitFor(() => expect(usd.get(1)?.price).toBe('58021.79'));

  view.rerender(
    <QueryClientProvider client={view.client}>
      <Feed fiat="EUR" store={eur} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(answerEur).toBeTypeOf('function'));
  // The EUR question is out and unanswered: the EUR store holds nothing yet.
  expect(eur.get(1)).toBeUndefined();

  await act(async () => answerEur?.());
  await waitFor(() => expect(eur.get(1)?.price).toBe('53126.82'));
  expect(eur.get(1)?.fiat_code).toBe('EUR');
});
