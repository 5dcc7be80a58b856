import { describe, expect, it } from 'vitest';
import { barIndexAt, logicalToTime, timeToLogical } from '@/lib/features/chart/time-axis';

// Hourly bars with a gap: 3 hours missing between the third and the fourth.
const H = 3600;
const T0 = 1_700_000_000 - (1_700_000_000 % H);
const bars = [0, 1, 2, 6, 7].map((h) => ({ time: T0 + h * H }));

describe('time axis of a chart', () => {
  it('maps whole indexes to their bars and back', () => {
    bars.forEach((b, i) => {
      expect(logicalToTime(bars, H, i)).toBe(b.time);
      expect(timeToLogical(bars, H, b.time)).toBe(i);
    });
  });

  it('interpolates between bars, across a gap too', () => {
    expect(logicalToTime(bars, H, 0.5)).toBe(T0 + H / 2);
    // Between the bars at 2 h and 6 h.
    expect(logicalToTime(bars, H, 2.5)).toBe(T0 + 4 * H);
    expect(timeToLogical(bars, H, T0 + 4 * H)).toBe(2.5);
  });

  it('extrapolates by the interval beyond the bars (the margins of the view)', () => {
    expect(logicalToTime(bars, H, -2)).toBe(T0 - 2 * H);
    expect(logicalToTime(bars, H, 4 + 3.5)).toBe(T0 + 7 * H + 3.5 * H);
    expect(timeToLogical(bars, H, T0 - 2 * H)).toBe(-2);
    expect(timeToLogical(bars, H, T0 + 10 * H)).toBe(7);
  });

  it('round-trips any logical index', () => {
    for (const l of [-5.25, -0.1, 0, 0.3, 1.9, 2.2, 3.75, 4, 9.5]) {
      const t = logicalToTime(bars, H, l) as number;
      expect(timeToLogical(bars, H, t)).toBeCloseTo(l, 9);
    }
  });

  it('finds the bar whose interval holds a time, or none', () => {
    expect(barIndexAt(bars, H, T0)).toBe(0);
    expect(barIndexAt(bars, H, T0 + H - 1)).toBe(0);
    expect(barIndexAt(bars, H, T0 + H)).toBe(1);
    // In the gap: the last bar opened before it.
    expect(barIndexAt(bars, H, T0 + 4 * H)).toBe(2);
    expect(barIndexAt(bars, H, T0 + 7 * H + H - 1)).toBe(4);
    expect(barIndexAt(bars, H, T0 + 8 * H)).toBe(-1);
    expect(barIndexAt(bars, H, T0 - 1)).toBe(-1);
  });

  it('knows nothing without bars', () => {
    expect(logicalToTime([], H, 1)).toBeNull();
    expect(timeToLogical([], H, T0)).toBeNull();
    expect(barIndexAt([], H, T0)).toBe(-1);
  });
});
