import { describe, expect, it } from 'vitest';
import { barAt } from '@/lib/chart/draw/price-lines';
import type { Candle } from '@/lib/chart/rules/candles';

const bar = (time: number): Candle => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 0 });

describe('barAt (where the chart marks a fired alert)', () => {
  const bars = [bar(60), bar(120), bar(180), bar(300)];

  it('finds the bar a moment falls in, whatever the interval', () => {
    expect(barAt(bars, 60)?.time).toBe(60);
    expect(barAt(bars, 119)?.time).toBe(60);
    expect(barAt(bars, 200)?.time).toBe(180);
    expect(barAt(bars, 10_000)?.time).toBe(300);
  });

  it('has none before the first bar or without bars', () => {
    expect(barAt(bars, 59)).toBeNull();
    expect(barAt([], 100)).toBeNull();
  });
});
