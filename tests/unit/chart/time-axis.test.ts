import { describe, expect, it } from 'vitest';
import {
  TICK_WEIGHT,
  ZoneClock,
  barIndexAt,
  fillZonedWeights,
  logicalToTime,
  timeToLogical,
} from '@/lib/chart/rules/time-axis';

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

describe('tick marks on the wall clock of the chosen zone', () => {
  const HOUR = 3600;
  /** Bars every `step` seconds from `from` (UTC seconds), weighed in `zone` as the chart does. */
  function weigh(zone: string, from: number, count: number, step: number) {
    const points = Array.from({ length: count }, (_, i) => ({
      time: from + i * step,
      timeWeight: -1,
    }));
    fillZonedWeights(points, 0, new ZoneClock(zone), (p) => p.time);
    return points;
  }
  const at = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo, d, h, mi) / 1000;
  const utcClock = (t: number) => new Date(t * 1000).toISOString().slice(11, 16);
  const dayMarks = (points: { time: number; timeWeight: number }[]) =>
    points.filter((p) => p.timeWeight >= TICK_WEIGHT.day).map((p) => p.time);

  it('New York (-5): the 26th starts at 05:00 UTC, not at 00:00 UTC', () => {
    const points = weigh('America/New_York', at(2026, 10, 25, 12), 25, HOUR);
    expect(dayMarks(points)).toEqual([at(2026, 10, 26, 5)]);
    // 00:00 UTC is 19:00 of the 25th there: an hour like any other.
    const midnightUtc = points.find((p) => p.time === at(2026, 10, 26));
    expect(midnightUtc?.timeWeight).toBeLessThan(TICK_WEIGHT.day);
  });

  it('Kolkata (+5:30): hours are marked on :00 local (:30 UTC), the day at 18:30 UTC', () => {
    const points = weigh('Asia/Kolkata', at(2026, 10, 25, 12), 4 * 12, 900);
    expect(dayMarks(points)).toEqual([at(2026, 10, 25, 18, 30)]);
    const hourly = points
      .filter((p) => p.timeWeight >= TICK_WEIGHT.hour1)
      .map((p) => utcClock(p.time));
    expect(hourly.length).toBe(12);
    for (const clock of hourly) expect(clock.endsWith(':30')).toBe(true);
    // A bar at :00 UTC (:30 in Kolkata) starts a half hour there, nothing more.
    expect(points.find((p) => p.time === at(2026, 10, 25, 13))?.timeWeight).toBe(
      TICK_WEIGHT.minute30,
    );
  });

  it('Kathmandu (+5:45): hours on :15 UTC, the day at 18:15 UTC', () => {
    const points = weigh('Asia/Kathmandu', at(2026, 10, 25, 12), 4 * 12, 900);
    expect(dayMarks(points)).toEqual([at(2026, 10, 25, 18, 15)]);
    const hourly = points
      .filter((p) => p.timeWeight >= TICK_WEIGHT.hour1)
      .map((p) => utcClock(p.time));
    expect(hourly.length).toBe(12);
    for (const clock of hourly) expect(clock.endsWith(':15')).toBe(true);
  });

  it('across a spring-forward (New York, 8 March 2026): days start at 05:00 UTC, then 04:00 UTC', () => {
    const points = weigh('America/New_York', at(2026, 2, 7, 12), 48, HOUR);
    expect(dayMarks(points)).toEqual([at(2026, 2, 8, 5), at(2026, 2, 9, 4)]);
    // 07:00 UTC is 03:00 EDT, the hour after the skipped one: a three-hour mark, not a day.
    expect(points.find((p) => p.time === at(2026, 2, 8, 7))?.timeWeight).toBe(TICK_WEIGHT.hour3);
  });

  it('across a fall-back (Berlin, 25 October 2026): days at 22:00 UTC, then 23:00 UTC', () => {
    const points = weigh('Europe/Berlin', at(2026, 9, 24, 12), 48, HOUR);
    expect(dayMarks(points)).toEqual([at(2026, 9, 24, 22), at(2026, 9, 25, 23)]);
    // The repeated 02:00 (01:00 UTC after 00:00 UTC) is one hour further, not a new day.
    expect(points.find((p) => p.time === at(2026, 9, 25, 1))?.timeWeight).toBeLessThan(
      TICK_WEIGHT.day,
    );
  });

  it('marks months and years at local midnight of the first', () => {
    const points = weigh('Asia/Tokyo', at(2026, 11, 31, 0), 24, HOUR);
    // 1 January 00:00 in Tokyo is 15:00 UTC on 31 December.
    expect(points.find((p) => p.time === at(2026, 11, 31, 15))?.timeWeight).toBe(TICK_WEIGHT.year);
    const daily = weigh('America/New_York', at(2026, 9, 28, 4), 6, 86_400);
    expect(daily.find((p) => p.time === at(2026, 10, 1, 4))?.timeWeight).toBe(TICK_WEIGHT.month);
  });

  it('UTC and a fill from the middle behave as the library does', () => {
    const points = weigh('utc', at(2026, 10, 25, 22), 4, HOUR);
    expect(points.map((p) => p.timeWeight)).toEqual([
      TICK_WEIGHT.hour1,
      TICK_WEIGHT.hour1,
      TICK_WEIGHT.day,
      TICK_WEIGHT.hour1,
    ]);
    const more = [...points, { time: at(2026, 10, 26, 1, 30), timeWeight: -1 }];
    fillZonedWeights(more, 4, new ZoneClock('Asia/Kolkata'), (p) => p.time);
    // 01:30 UTC (a half hour in UTC) is 07:00 in Kolkata: an hour there. Earlier points keep theirs.
    expect(more[4]?.timeWeight).toBe(TICK_WEIGHT.hour1);
    expect(more[3]?.timeWeight).toBe(TICK_WEIGHT.hour1);
  });
});
