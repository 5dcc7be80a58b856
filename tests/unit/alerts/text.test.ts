import { describe, expect, it } from 'vitest';
import { formatLevel, formatNear, levelDecimals } from '@/lib/core/format/price';
import { firedMessage, readPrice } from '@/lib/features/alerts/text';
import type { PriceEntry } from '@/lib/features/alerts/model';

describe('levels in words', () => {
  it('shows a level with the decimals it has, never fewer than the chart and never float noise', () => {
    expect(formatLevel(3714)).toBe('3,714.00');
    expect(formatLevel(3713.9975)).toBe('3,713.9975');
    expect(formatLevel(3709.047166 + 0.0004)).toBe('3,709.047566');
    expect(levelDecimals(0.1 + 0.2)).toBe(5);
    expect(formatLevel(0.0000000034)).toBe('0.0₈34000');
  });

  it('reads a price typed by hand, with or without separators, and nothing else', () => {
    expect(readPrice('3,714.5')).toBe(3714.5);
    expect(readPrice(' 3 714.5 ')).toBe(3714.5);
    expect(readPrice('0.0000034')).toBe(0.0000034);
    for (const bad of ['', '0', '-1', 'abc', '1e16', 'Infinity', '1.2.3'])
      expect(readPrice(bad)).toBeNull();
  });

  it('writes a price next to its level in the level decimals', () => {
    expect(formatNear(3708.709135, 3700)).toBe('3,708.71');
    expect(formatNear(3708.709135, 3708.6579)).toBe('3,708.7091');
  });

  it('says what crossed where, with the fiat for a token', () => {
    const token: PriceEntry = {
      id: 'a',
      target: { kind: 'token', id: 1, symbol: 'BTC', fiat: 'EUR' },
      price: 90_000,
      createdAt: 1,
      alert: { condition: 'down', armedAt: 1, firedAt: null, firedPrice: null },
    };
    expect(firedMessage(token, 89_990.123, 'down')).toEqual({
      title: 'BTC crossed 90,000.00 EUR ↓',
      body: 'Price fell to 89,990.12 EUR.',
    });
  });
});
