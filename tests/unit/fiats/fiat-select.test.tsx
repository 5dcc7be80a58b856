// @vitest-environment happy-dom
/**
 * The header's fiat picker tries a fiat before keeping it: the choice shows at once, becomes the
 * stored preference only once a quote in it has arrived, and a fiat the quotes endpoint refuses
 * (20001) falls back to USD, says so, and is never kept.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FiatSelect } from '@/components/layout/fiat-select';
import { useFiatSupport } from '@/lib/client/stores/fiat-support';
import { usePrefs } from '@/lib/client/stores/prefs';
import { renderWithQueries, stubPriceApi } from '../../support/dom';

const FIATS = [
  { id: 1, code: 'USD', name: 'US Dollar', symbol: '$', precision: 2 },
  { id: 2, code: 'JPY', name: 'Japanese Yen', symbol: '¥', precision: 0 },
  { id: 3, code: 'XAU', name: 'Gold', symbol: '', precision: 4 },
];
const QUOTE = { token_id: 1, symbol: 'BTC', price: '1.00000000', fiat: 'JPY' };

const select = () => screen.getByTestId<HTMLSelectElement>('fiat-select');

describe('FiatSelect: the fiat trial', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    usePrefs.setState({ fiat: 'USD' });
    useFiatSupport.setState({ refused: {}, trial: null });
  });
  afterEach(() => cleanup());

  it('shows a picked fiat at once and keeps it only once a quote in it arrives', async () => {
    let answer: (value: { code: number; data: unknown }) => void = () => undefined;
    const calls = stubPriceApi([
      [/^\/fiats$/, () => ({ code: 0, data: { total: 3, items: FIATS } })],
      [/^\/quotes\/latest\?ids=1&fiat=JPY$/, () => new Promise((resolve) => (answer = resolve))],
    ]);
    renderWithQueries(<FiatSelect />);
    await waitFor(() => expect(select().options.length).toBe(3));

    fireEvent.change(select(), { target: { value: 'JPY' } });
    expect(select().value).toBe('JPY');
    await waitFor(() => expect(calls).toContain('/quotes/latest?ids=1&fiat=JPY'));
    expect(usePrefs.getState().fiat).toBe('USD');

    await act(async () => answer({ code: 0, data: { items: [QUOTE] } }));
    await waitFor(() => expect(usePrefs.getState().fiat).toBe('JPY'));
    expect(select().value).toBe('JPY');
    expect(screen.queryByTestId('fiat-refused')).toBeNull();
  });

  it('falls back to USD for a fiat the quotes refuse, says so, and never keeps it', async () => {
    stubPriceApi([
      [/^\/fiats$/, () => ({ code: 0, data: { total: 3, items: FIATS } })],
      [
        /^\/quotes\/latest\?ids=1&fiat=XAU$/,
        () => ({ code: 20001, msg: 'unsupported fiat', data: '' }),
      ],
    ]);
    renderWithQueries(<FiatSelect />);
    await waitFor(() => expect(select().options.length).toBe(3));

    fireEvent.change(select(), { target: { value: 'XAU' } });
    const notice = await screen.findByTestId('fiat-refused');
    expect(notice.textContent).toBe('XAU unavailable');
    expect(notice.getAttribute('title')).toMatch(/no quotes in XAU.*USD/);
    expect(select().value).toBe('USD');
    const gold = [...select().options].find((o) => o.value === 'XAU');
    expect(gold?.disabled).toBe(true);
    expect(gold?.textContent).toMatch(/\(no quotes\)/);
    expect(usePrefs.getState().fiat).toBe('USD');
  });

  it('keeps USD at once: it needs no trial', async () => {
    usePrefs.setState({ fiat: 'JPY' });
    const calls = stubPriceApi([
      [/^\/fiats$/, () => ({ code: 0, data: { total: 3, items: FIATS } })],
    ]);
    renderWithQueries(<FiatSelect />);
    await waitFor(() => expect(select().value).toBe('JPY'));
    fireEvent.change(select(), { target: { value: 'USD' } });
    expect(usePrefs.getState().fiat).toBe('USD');
    expect(calls.filter((c) => c.startsWith('/quotes'))).toEqual([]);
  });
});
