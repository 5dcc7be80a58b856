// @vitest-environment happy-dom
/**
 * A shared link's `fiat=` is read once, as the fiat store is made in the browser: it becomes the
 * tab's trial (shown at once, kept once a quote in it arrives), and the store's initial state, which
 * the server render and hydration see, stays without it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as SupportModule from '@/lib/client/stores/fiat-support';
import type * as PrefsModule from '@/lib/client/stores/prefs';
import { PREFS_STORAGE_KEY } from '@/lib/client/stores/keys';
import { stubPriceApi } from '../../support/dom';

type Stores = { support: typeof SupportModule; prefs: typeof PrefsModule };

/** The stores as a page opened at `url` makes them (a fresh module graph, as on a page load). */
async function openAt(url: string, storedFiat?: string): Promise<Stores> {
  window.history.replaceState(null, '', url);
  localStorage.clear();
  if (storedFiat)
    localStorage.setItem(
      PREFS_STORAGE_KEY,
      JSON.stringify({ state: { fiat: storedFiat }, version: 1 }),
    );
  vi.resetModules();
  const prefs = await import('@/lib/client/stores/prefs');
  const support = await import('@/lib/client/stores/fiat-support');
  return { support, prefs };
}

const QUOTE = { code: 0, data: [{ token_id: 1, symbol: 'BTC', price: '1.0', fiat: 'EUR' }] };

describe('a link’s fiat', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('reads a code from a query, in upper case, and nothing else', async () => {
    const { support } = await openAt('/');
    expect(support.linkFiat('?fiat=eur')).toBe('EUR');
    expect(support.linkFiat('?page=2&fiat=JPY')).toBe('JPY');
    expect(support.linkFiat('')).toBeNull();
    expect(support.linkFiat('?fiat=')).toBeNull();
    expect(support.linkFiat('?fiat=E')).toBeNull();
    expect(support.linkFiat('?fiat=EU%20R')).toBeNull();
    expect(support.linkFiat('?fiat=<script>')).toBeNull();
  });

  it('becomes the trial as the page loads, kept once a quote in it arrives', async () => {
    let answer: (value: typeof QUOTE) => void = () => undefined;
    const calls = stubPriceApi([
      [/^\/quotes\/latest\?ids=1&fiat=EUR$/, () => new Promise((resolve) => (answer = resolve))],
    ]);
    const { support, prefs } = await openAt('/?fiat=eur');
    expect(support.useFiatSupport.getInitialState().trial).toBeNull();
    expect(support.useFiatSupport.getState().trial).toBe('EUR');
    expect(prefs.usePrefs.getState().fiat).toBe('USD');
    expect(calls).toEqual(['/quotes/latest?ids=1&fiat=EUR']);
    answer(QUOTE);
    await vi.waitFor(() => expect(prefs.usePrefs.getState().fiat).toBe('EUR'));
    expect(support.useFiatSupport.getState().trial).toBeNull();
  });

  it('is no trial when it is already the preference, or when the page has none', async () => {
    const calls = stubPriceApi([]);
    const same = await openAt('/?fiat=EUR', 'EUR');
    expect(same.prefs.usePrefs.getState().fiat).toBe('EUR');
    expect(same.support.useFiatSupport.getState().trial).toBeNull();
    const none = await openAt('/tokens/1');
    expect(none.support.useFiatSupport.getState().trial).toBeNull();
    expect(calls).toEqual([]);
  });
});
