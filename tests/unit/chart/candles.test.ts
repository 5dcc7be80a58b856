import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fewBarsRange } from '@/lib/chart/rules/view';
import {
  liveAction,
  mergeCandles,
  normalizeCandles,
  toCandle,
  type Candle,
} from '@/lib/chart/rules/candles';

const bar = (time: number, close = time, extra: Partial<Candle> = {}): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  ...extra,
});

describe('toCandle', () => {
  it('keeps a valid candle as is', () => {
    expect(toCandle({ open_time: 60, open: 1, high: 3, low: 0.5, close: 2, volume: 10 })).toEqual({
      time: 60,
      open: 1,
      high: 3,
      low: 0.5,
      close: 2,
      volume: 10,
    });
  });
  it('fills null prices from the others and widens high/low around open and close', () => {
    expect(
      toCandle({ open_time: 60, open: null, high: null, low: null, close: 5, volume: null }),
    ).toEqual({
      time: 60,
      open: 5,
      high: 5,
      low: 5,
      close: 5,
      volume: 0,
    });
    expect(
      toCandle({ open_time: 60, open: 4, high: 3, low: 4.5, close: 5, volume: 1 }),
    ).toMatchObject({ high: 5, low: 4 });
  });
  it('drops a candle with no price or no time, and reads millisecond times', () => {
    expect(toCandle({ open_time: 60, open: null, high: null, low: null, close: null })).toBeNull();
    expect(toCandle({ open_time: null, open: 1, high: 1, low: 1, close: 1 })).toBeNull();
    expect(
      toCandle({ open_time: 1_700_000_000_000, open: 1, high: 1, low: 1, close: 1 })?.time,
    ).toBe(1_700_000_000);
  });
  it('keeps the significant digits of tiny prices', () => {
    expect(
      toCandle({ open_time: 0, open: 3.4e-9, high: 3.5e-9, low: 3.3e-9, close: 3.41e-9 })?.close,
    ).toBe(3.41e-9);
  });
});

describe('normalizeCandles and mergeCandles', () => {
  it('sorts and removes duplicate times, the last one winning', () => {
    const out = normalizeCandles([
      { open_time: 120, open: 1, high: 1, low: 1, close: 1 },
      { open_time: 60, open: 2, high: 2, low: 2, close: 2 },
      { open_time: 120, open: 3, high: 3, low: 3, close: 3 },
    ]);
    expect(out.map((c) => [c.time, c.close])).toEqual([
      [60, 2],
      [120, 3],
    ]);
  });

  it('fills a reconnect gap: no gap, no duplicate, latest wins', () => {
    const before = [bar(0), bar(60), bar(120, 999)]; // the live bar at 120 was still forming
    const refill = [bar(120, 125), bar(180), bar(240)]; // history from the last bar on
    const merged = mergeCandles(before, refill);
    expect(merged.map((c) => c.time)).toEqual([0, 60, 120, 180, 240]);
    expect(merged[2]?.close).toBe(125);
  });

  it('always yields sorted unique times that cover both inputs (property)', () => {
    const series = fc
      .uniqueArray(fc.integer({ min: 0, max: 500 }), { maxLength: 60 })
      .map((ts) => ts.sort((a, b) => a - b).map((t) => bar(t * 60)));
    fc.assert(
      fc.property(series, series, (a, b) => {
        const merged = mergeCandles(a, b);
        for (let i = 1; i < merged.length; i++)
          expect(merged[i]!.time).toBeGreaterThan(merged[i - 1]!.time);
        const times = new Set([...a, ...b].map((c) => c.time));
        expect(merged.length).toBe(times.size);
      }),
    );
  });
});

describe('liveAction', () => {
  it('updates the last bar or appends a newer one, and ignores older bars', () => {
    expect(liveAction(bar(120), bar(120))).toBe('update');
    expect(liveAction(bar(120), bar(180))).toBe('update');
    expect(liveAction(bar(120), bar(60))).toBe('ignore');
    expect(liveAction(undefined, bar(60))).toBe('update');
  });
});

describe('fewBarsRange', () => {
  it('leaves a history that fills the pane to the usual view', () => {
    expect(fewBarsRange(1000, 900)).toBeNull();
    expect(fewBarsRange(130, 900)).toBeNull();
  });
  it('centres a few bars at a readable width', () => {
    // 3 yearly candles in 900 px: 40 px a bar, 22.5 bars wide, centred on the middle bar.
    expect(fewBarsRange(3, 900)).toEqual({ from: -10.25, to: 12.25 });
  });
  it('spreads a short history over the pane with a bar of margin each side', () => {
    const r = fewBarsRange(60, 900);
    expect(r).not.toBeNull();
    expect(r!.from).toBeCloseTo(-1.5, 9);
    expect(r!.to).toBeCloseTo(60.5, 9);
  });
  it('does nothing without bars or a laid-out pane', () => {
    expect(fewBarsRange(0, 900)).toBeNull();
    expect(fewBarsRange(3, 0)).toBeNull();
  });
});
