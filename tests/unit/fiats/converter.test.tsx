// @vitest-environment happy-dom
/**
 * The converter reads a typed amount as the browser's language writes numbers: a German visitor's
 * `0,5` is a half and `1.000,50` a thousand and a half; a French visitor's `1.000` could be either,
 * so it is refused with a message; the link keeps the app's notation whatever the locale.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Converter, type AmountInput } from '@/components/fiats/converter';
import type { FiatItem } from '@/lib/contracts/price/schema';
import { renderWithQueries, setBrowserLanguage, stubPriceApi } from '../../support/dom';

const FIATS: FiatItem[] = [
  { id: 1, code: 'USD', name: 'US Dollar', symbol: '$', precision: 2 },
  { id: 2, code: 'EUR', name: 'Euro', symbol: '€', precision: 2 },
];

function Harness({ links }: { links: (string | null)[] }) {
  const [amount, setAmount] = useState<AmountInput>({ text: '100', typed: false });
  return (
    <Converter
      amount={amount}
      from={{ kind: 'fiat', code: 'EUR' }}
      to={{ kind: 'fiat', code: 'USD' }}
      fiats={FIATS}
      onChange={(patch) => {
        if (!patch.amount) return;
        setAmount({ text: patch.amount.text, typed: true });
        links.push(patch.amount.canonical);
      }}
    />
  );
}

function setup(language: string) {
  setBrowserLanguage(language);
  stubPriceApi([
    [/^\/fiats\/rates\/EUR$/, () => ({ code: 0, data: { total: 1, items: [rate] } })],
    [/^\/tokens\?/, () => ({ code: 0, data: { total: 0, page: 1, limit: 100, items: [] } })],
  ]);
  const links: (string | null)[] = [];
  renderWithQueries(<Harness links={links} />);
  return links;
}

const rate = { target_fiat_id: 1, target_fiat_code: 'USD', rate: '2.00000000' };

function type(text: string) {
  fireEvent.change(screen.getByTestId('convert-amount'), { target: { value: text } });
}

describe('Converter: the amount in the browser’s notation', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => cleanup());

  it('reads de-DE 0,5 as a half, and puts 0.5 in the link', async () => {
    const links = setup('de-DE');
    type('0,5');
    const result = await screen.findByTestId('convert-result');
    expect(result.getAttribute('data-value')).toBe('1');
    expect(links.at(-1)).toBe('0.5');
    // The rate line is written in the visitor's notation too.
    expect(screen.getByTestId('convert-rate').textContent).toBe('1 EUR = 2,00000000 USD');
  });

  it('reads de-DE 1.000 as a thousand and 1.000,50 as a thousand and a half', async () => {
    const links = setup('de-DE');
    type('1.000');
    await waitFor(() =>
      expect(screen.getByTestId('convert-result').getAttribute('data-value')).toBe('2000'),
    );
    expect(links.at(-1)).toBe('1000');
    type('1.000,50');
    await waitFor(() =>
      expect(screen.getByTestId('convert-result').getAttribute('data-value')).toBe('2001'),
    );
    expect(links.at(-1)).toBe('1000.5');
    expect(screen.getByTestId('convert-result').textContent).toBe('2.001,00');
  });

  it('refuses fr-FR 1.000 (a thousand or one?) with a message, and keeps the link as it was', async () => {
    const links = setup('fr-FR');
    await screen.findByTestId('convert-result');
    type('1.000');
    const amount = screen.getByTestId('convert-amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('convert-result')).toBeNull();
    const message = document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toMatch(/1\.000/);
    expect(screen.getByText('Fix the amount to see the conversion.')).toBeTruthy();
    expect(links.at(-1)).toBeNull();
  });

  it('reads en-US 1,000.50 and the lone 0,5 (which cannot be digit groups)', async () => {
    const links = setup('en-US');
    type('1,000.50');
    await waitFor(() =>
      expect(screen.getByTestId('convert-result').getAttribute('data-value')).toBe('2001'),
    );
    expect(links.at(-1)).toBe('1000.5');
    type('0,5');
    await waitFor(() =>
      expect(screen.getByTestId('convert-result').getAttribute('data-value')).toBe('1'),
    );
    expect(links.at(-1)).toBe('0.5');
  });

  it('shows the link’s amount (app notation) in the visitor’s notation until they type', async () => {
    setBrowserLanguage('de-DE');
    stubPriceApi([
      [/^\/fiats\/rates\/EUR$/, () => ({ code: 0, data: { total: 1, items: [rate] } })],
      [/^\/tokens\?/, () => ({ code: 0, data: { total: 0, page: 1, limit: 100, items: [] } })],
    ]);
    function FromLink() {
      return (
        <Converter
          amount={{ text: '1000.5', typed: false }}
          from={{ kind: 'fiat', code: 'EUR' }}
          to={{ kind: 'fiat', code: 'USD' }}
          fiats={FIATS}
          onChange={() => undefined}
        />
      );
    }
    renderWithQueries(<FromLink />);
    expect(screen.getByTestId<HTMLInputElement>('convert-amount').value).toBe('1000,5');
    await waitFor(() =>
      expect(screen.getByTestId('convert-result').getAttribute('data-value')).toBe('2001'),
    );
  });
});
