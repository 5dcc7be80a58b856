// @vitest-environment happy-dom
/**
 * Markets' display currency has one source of truth: on Markets the URL's `fiat=` decides, else the
 * stored preference (or a fiat the header is trying). The header's picker and the table read the
 * same rule; a pick sets the preference and the URL in one event; nothing reconciles them after.
 */
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FiatSelect } from '@/components/layout/fiat-select';
import { FiatFallback, useMarketsFiat } from '@/components/markets/markets-fiat';
import { quotesQuery } from '@/lib/client/queries/price';
import { useFiatSupport } from '@/lib/client/stores/fiat-support';
import { usePrefs } from '@/lib/client/stores/prefs';
import { renderWithQueries, stubPriceApi } from '../../support/dom';
import { goBack } from '../../support/navigation';

vi.mock('next/navigation', () => import('../../support/navigation'));

const FIATS = [
  { id: 1, code: 'USD', name: 'US Dollar', symbol: '$', precision: 2 },
  { id: 2, code: 'EUR', name: 'Euro', symbol: '€', precision: 2 },
  { id: 3, code: 'JPY', name: 'Japanese Yen', symbol: '¥', precision: 0 },
  { id: 4, code: 'VES', name: 'Bolívar', symbol: 'Bs.', precision: 2 },
];

/** The table's part: the currency its figures are in, asked of the quotes as the feed asks them. */
function MarketsFiat() {
  const { selected, pick, fiatCode } = useMarketsFiat();
  const quote = useQuery(quotesQuery([1], fiatCode)).data?.[0];
  return (
    <>
      <output data-testid="shown">{fiatCode}</output>
      <output data-testid="quote">{quote ? `${quote.price} ${quote.fiat_code}` : ''}</output>
      {(selected.unknown || selected.refused) && <FiatFallback selected={selected} pick={pick} />}
    </>
  );
}

function openMarkets(url: string) {
  window.history.replaceState(null, '', url);
  const calls = stubPriceApi([
    [/^\/fiats$/, () => ({ code: 0, data: { total: FIATS.length, items: FIATS } })],
    [
      /^\/quotes\/latest\?ids=1&fiat=VES$/,
      () => ({ code: 20001, msg: 'unsupported fiat', data: '' }),
    ],
    [
      /^\/quotes\/latest\?ids=1&fiat=([A-Z]+)$/,
      (path) => ({
        code: 0,
        data: { items: [{ token_id: 1, symbol: 'BTC', price: '7', fiat_code: path.slice(-3) }] },
      }),
    ],
  ]);
  renderWithQueries(
    <>
      <FiatSelect />
      <MarketsFiat />
    </>,
  );
  return calls;
}

const select = () => screen.getByTestId<HTMLSelectElement>('fiat-select');
const shown = () => screen.getByTestId('shown').textContent;
const fiatInUrl = () => new URLSearchParams(window.location.search).get('fiat');
const listed = () => waitFor(() => expect(select().options.length).toBe(FIATS.length));

describe('Markets: the display currency', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    usePrefs.setState({ fiat: 'USD' });
    useFiatSupport.setState({ refused: {}, trial: null });
  });
  afterEach(() => cleanup());

  it("opens a shared link in its fiat=, picker included, and leaves the trader's preference alone", async () => {
    openMarkets('/?fiat=EUR');
    await listed();
    expect(shown()).toBe('EUR');
    expect(select().value).toBe('EUR');
    await waitFor(() => expect(screen.getByTestId('quote').textContent).toBe('7 EUR'));
    expect(usePrefs.getState().fiat).toBe('USD');
    expect(fiatInUrl()).toBe('EUR');
  });

  it("Back and Forward show their own entry's currency; a bare URL shows the preference", async () => {
    usePrefs.setState({ fiat: 'JPY' });
    openMarkets('/?fiat=EUR');
    await listed();
    expect(shown()).toBe('EUR');
    act(() => goBack('/?page=2&fiat=USD'));
    expect(shown()).toBe('USD');
    expect(select().value).toBe('USD');
    expect(window.location.search).toBe('?page=2&fiat=USD');
    act(() => goBack('/?page=2'));
    expect(shown()).toBe('JPY');
    expect(select().value).toBe('JPY');
    expect(fiatInUrl()).toBeNull();
  });

  it('a pick in the header changes the shown fiat and the URL at once, and is kept once quoted', async () => {
    openMarkets('/?sort=price');
    await listed();
    fireEvent.change(select(), { target: { value: 'JPY' } });
    expect(shown()).toBe('JPY');
    expect(window.location.search).toBe('?sort=price&fiat=JPY');
    await waitFor(() => expect(usePrefs.getState().fiat).toBe('JPY'));
    // USD is the preference at once, so a bare URL says it.
    fireEvent.change(select(), { target: { value: 'USD' } });
    expect(shown()).toBe('USD');
    expect(window.location.search).toBe('?sort=price');
    expect(usePrefs.getState().fiat).toBe('USD');
  });

  it('a link in a fiat the quotes refuse shows USD and says why; "Use USD" clears the link\'s fiat', async () => {
    openMarkets('/?fiat=VES');
    const notice = await screen.findByTestId('fiat-fallback');
    expect(notice.textContent).toMatch(/^Quotes are not available in VES/);
    expect(shown()).toBe('USD');
    expect(select().value).toBe('USD');
    fireEvent.click(screen.getByRole('button', { name: 'Use USD' }));
    expect(fiatInUrl()).toBeNull();
    expect(screen.queryByTestId('fiat-fallback')).toBeNull();
    expect(usePrefs.getState().fiat).toBe('USD');
  });

  it('a currency the price service does not list says so and shows USD', async () => {
    openMarkets('/?fiat=XYZ');
    expect((await screen.findByTestId('fiat-fallback')).textContent).toMatch(
      /^The price service has no currency “XYZ”, so prices are in USD\./,
    );
    expect(shown()).toBe('USD');
    expect(select().value).toBe('XYZ');
  });

  it("off Markets a fiat= is not the page's, and a pick leaves the URL alone", async () => {
    window.history.replaceState(null, '', '/tokens/1?fiat=EUR');
    stubPriceApi([
      [/^\/fiats$/, () => ({ code: 0, data: { total: FIATS.length, items: FIATS } })],
      [/^\/quotes\/latest/, () => ({ code: 0, data: { items: [] } })],
    ]);
    renderWithQueries(<FiatSelect />);
    await listed();
    expect(select().value).toBe('USD');
    fireEvent.change(select(), { target: { value: 'JPY' } });
    expect(select().value).toBe('JPY');
    expect(window.location.search).toBe('?fiat=EUR');
    await waitFor(() => expect(usePrefs.getState().fiat).toBe('JPY'));
  });
});
