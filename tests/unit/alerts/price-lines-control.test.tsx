// @vitest-environment happy-dom
/**
 * The alert line, as the trader works it in a pool's Lines panel (components/chart/price-lines-control.tsx)
 * against the real alerts store: add a line at the last price, type its price, arm an alert above,
 * then below a level the price is already past (the panel asks), fire it, re-arm it, delete it.
 * The chart is a stand-in that knows only its last close; the lines' drawing is lib/chart's.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PriceLinesControl } from '@/components/chart/price-lines-control';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { PoolTarget } from '@/lib/features/alerts/model';
import { useAlerts } from '@/lib/features/alerts/store';

const POOL: PoolTarget = {
  kind: 'pool',
  chainType: 'evm',
  chainId: 1,
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  label: 'WETH/USDC',
  quote: 'USDC',
};

/** A chart whose last close is `last.close`: what the panel asks of it. */
function chart(last: { close: number }) {
  const fake: Pick<ChartController, 'addLayer' | 'lastClose'> = {
    addLayer: () => () => undefined,
    lastClose: () => last.close,
  };
  return fake as ChartController;
}

const entries = () => useAlerts.getState().entries;
const lineState = () => screen.getByTestId('line-state').textContent;

describe('PriceLinesControl: the alert line', () => {
  beforeEach(() => {
    localStorage.clear();
    useAlerts.setState({ entries: [] });
  });
  afterEach(() => cleanup());

  it('adds a line, arms it above and below, fires, re-arms and deletes it', async () => {
    const last = { close: 3000 };
    render(<PriceLinesControl controller={chart(last)} pool={POOL} tz="utc" />);

    fireEvent.click(screen.getByTitle('The price lines and alerts of this pool'));
    const panel = screen.getByRole('group', { name: 'Price lines' });
    expect(within(panel).getByText(/No lines on this chart/)).toBeTruthy();

    // A line at the last price, then its price typed by hand.
    fireEvent.click(within(panel).getByRole('button', { name: /Add at last price/ }));
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({ price: 3000, alert: null, target: POOL });
    const price = within(panel).getByRole<HTMLInputElement>('textbox', {
      name: /Line price in USDC/,
    });
    expect(price.value).toBe('3,000.00');
    fireEvent.change(price, { target: { value: '3,100' } });
    fireEvent.keyDown(price, { key: 'Enter' });
    expect(entries()[0]?.price).toBe(3100);
    expect(screen.queryByTestId('line-state')).toBeNull();

    // Above: the price (3,000) is under the level, so the alert waits for the crossing.
    const alert = () =>
      screen.getByRole<HTMLSelectElement>('combobox', { name: /Alert for the line at 3,100/ });
    await act(async () => {
      fireEvent.change(alert(), { target: { value: 'up' } });
    });
    expect(entries()[0]?.alert).toMatchObject({ condition: 'up', firedAt: null });
    expect(lineState()).toBe('Armed · crossing up on the live price');
    expect(screen.queryByTestId('already-past')).toBeNull();

    // Below: the price is already under 3,100, which the panel says at once; fired on the answer.
    await act(async () => {
      fireEvent.change(alert(), { target: { value: 'down' } });
    });
    expect(entries()[0]?.alert).toMatchObject({ condition: 'down', firedAt: null });
    expect(lineState()).toBe('Armed · crossing down on the live price');
    const asked = screen.getByTestId('already-past');
    expect(asked.textContent).toContain('The price is already below 3,100.00 USDC');
    fireEvent.click(within(asked).getByRole('button', { name: 'Fire now' }));
    expect(entries()[0]?.alert).toMatchObject({ condition: 'down', firedPrice: 3000 });
    expect(entries()[0]?.alert?.firedAt).toEqual(expect.any(Number));
    expect(lineState()).toMatch(/^Fired \d\d:\d\d:\d\d at 3,000\.00 USDC$/);
    expect(screen.queryByTestId('already-past')).toBeNull();

    // Re-armed: waiting again, for the same crossing.
    fireEvent.click(within(panel).getByRole('button', { name: 'Re-arm' }));
    expect(entries()[0]?.alert).toMatchObject({
      condition: 'down',
      firedAt: null,
      firedPrice: null,
    });
    expect(lineState()).toBe('Armed · crossing down on the live price');

    // No alert, then no line.
    await act(async () => {
      fireEvent.change(alert(), { target: { value: 'none' } });
    });
    expect(entries()[0]?.alert).toBeNull();
    expect(screen.queryByTestId('line-state')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete the line at 3,100.00' }));
    expect(entries()).toEqual([]);
    expect(within(panel).getByText(/No lines on this chart/)).toBeTruthy();
  });
});
