import { describe, expect, it } from 'vitest';
import { alreadyPast, readEntry, type PriceEntry } from '@/lib/features/alerts/model';
import { firedMessage, firedNowMessage, levelText, levelUnit } from '@/lib/features/alerts/text';
import { roundPrice } from '@/lib/chart/rules/price-format';
import { snapshotLegend } from '@/lib/chart/draw/snapshot';

const pool = (quote?: string, label = 'WETH/USDC'): PriceEntry => ({
  id: 'p',
  target: {
    kind: 'pool',
    chainType: 'evm',
    chainId: 1,
    address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    label,
    ...(quote ? { quote } : {}),
  },
  price: 3550.73,
  createdAt: 1,
  alert: { condition: 'up', armedAt: 1, firedAt: null, firedPrice: null },
});

describe("a price line keeps the chart's price, not the pixel's", () => {
  it('rounds to the five significant digits the chart writes', () => {
    expect(roundPrice(3550.72982191)).toBe(3550.73);
    expect(roundPrice(0.000003412345678)).toBe(0.0000034123);
    expect(roundPrice(1.0000412)).toBe(1.0);
    expect(roundPrice(98_765.4321)).toBe(98_765.43);
  });
});

describe('the unit of a pool alert', () => {
  it('is the quote token, the unit of the chart it was set on', () => {
    expect(levelUnit(pool('USDC').target)).toBe('USDC');
    expect(levelText(pool('USDC'))).toBe('3,550.73 USDC');
    expect(firedMessage(pool('WETH', 'PEPE/WETH'), 3551.2, 'up')).toEqual({
      title: 'PEPE/WETH crossed 3,550.73 WETH ↑',
      body: 'Price rose to 3,551.20 WETH.',
    });
  });
  it('is read from the pair for a line kept before the unit was stored', () => {
    expect(levelText(pool(undefined, 'PEPE/WETH'))).toBe('3,550.73 WETH');
  });
  it('is kept in storage, and a hostile one drops the entry', () => {
    const stored = JSON.parse(JSON.stringify(pool('USDC'))) as unknown;
    expect(readEntry(stored)?.target).toMatchObject({ quote: 'USDC' });
    const bad = { ...pool('USDC'), target: { ...pool().target, quote: 'x'.repeat(200) } };
    expect(readEntry(bad)).toBeNull();
  });
});

describe('an alert whose level the price is already past', () => {
  it('says so for a rise to a level at or under the price, a fall to one at or over it', () => {
    expect(alreadyPast('up', 596.94, 601.94)).toBe('above');
    expect(alreadyPast('up', 596.94, 596.94)).toBe('above');
    expect(alreadyPast('up', 610, 601.94)).toBeNull();
    expect(alreadyPast('down', 610, 601.94)).toBe('below');
    expect(alreadyPast('down', 596.94, 601.94)).toBeNull();
    expect(alreadyPast('cross', 596.94, 601.94)).toBeNull();
    expect(alreadyPast('up', 596.94, null)).toBeNull();
    expect(alreadyPast('up', 596.94, Number.NaN)).toBeNull();
  });
  it('words a fire-now with the price and the unit', () => {
    expect(firedNowMessage(pool('USDC'), 3560)).toEqual({
      title: 'WETH/USDC is above 3,550.73 USDC',
      body: 'Price 3,560.00 USDC, fired when set.',
    });
  });
});

describe("the PNG snapshot's legend", () => {
  it("has the bar's figures, then each indicator with its values in its colour", () => {
    const bar = { time: 1, open: 100, high: 110, low: 95, close: 105, volume: 1234 };
    const lines = snapshotLegend(bar, 100, 2, [
      { key: 'ema:20', label: 'EMA 20', color: '#f5a524', values: ['101.50'] },
      { key: 'bb:20:2', label: 'BB 20 2', color: '#a78bfa', values: ['112.00', '104.00', '96.00'] },
    ]);
    expect(lines).toEqual([
      { label: 'O 100.00  H 110.00  L 95.00  C 105.00', color: null, values: '+5.00%  Vol 1.23K' },
      { label: 'EMA 20', color: '#f5a524', values: '101.50' },
      { label: 'BB 20 2', color: '#a78bfa', values: '112.00  104.00  96.00' },
    ]);
    expect(snapshotLegend(null, null, 2, [])).toEqual([]);
  });
});
