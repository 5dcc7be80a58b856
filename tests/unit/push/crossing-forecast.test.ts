/**
 * The forecast the push tests wait on (tests/support/forecast.ts): a level it names must be first
 * crossed on the same 1-minute close however the watcher is armed, and at any hour one must come
 * within the few minutes those tests wait, or they fail by the clock rather than by the code.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crossing } from '@/lib/core/crossing';
import { createSimulator } from '@/lib/sim';
import { crossingAhead, plannedCrossing } from '../../support/forecast';

const NOW = 1_795_791_542; // 2026-11-27 12:19:02 UTC, 2 s into a minute
const MINUTE = NOW - (NOW % 60);

const series = (from: number, step: number, values: number[]) =>
  new Map(values.map((v, i) => [from + i * step, v]));

/** When the watcher armed at second `t` first fires (the close time), or null. */
function fires(
  seconds: Map<number, number>,
  minutes: Map<number, number>,
  t: number,
  level: number,
  direction: 'above' | 'below',
): number | null {
  let ref = seconds.get(t)!;
  for (const [open, close] of [...minutes].sort((a, b) => a[0] - b[0])) {
    if (open + 60 <= t) continue;
    if (crossing(ref, close, level, direction === 'above' ? 'up' : 'down')) return open + 60;
    ref = close;
  }
  return null;
}

describe('plannedCrossing', () => {
  it('finds none while the 1-minute closes stay flat', () => {
    const seconds = series(
      NOW,
      1,
      Array.from({ length: 18 }, (_, i) => 100 + (i % 3) * 0.1),
    );
    const minutes = series(MINUTE, 60, [100, 100, 100, 100, 100, 100]);
    expect(plannedCrossing(seconds, minutes, NOW, 12)).toBeNull();
  });

  it('names the first close that leaves every price heard before it', () => {
    const seconds = series(NOW, 1, Array<number>(18).fill(100));
    const minutes = series(MINUTE, 60, [100, 100, 101, 99]);
    const found = plannedCrossing(seconds, minutes, NOW, 12)!;
    expect(found).toMatchObject({ direction: 'above', closesAt: MINUTE + 180, close: 101 });
    expect(found.level).toBeGreaterThan(100);
    expect(found.level).toBeLessThan(101);
  });

  it('uses a close that returns inside the range heard, when no earlier close crossed its level', () => {
    // Heard 100.8 or 100 when armed; 100.5 then 101: 100.5 < level <= 100.8 fires on 101 either way,
    // though 101 is not above everything heard before it by much.
    const seconds = series(NOW, 1, [
      ...Array<number>(9).fill(100.8),
      ...Array<number>(9).fill(100),
    ]);
    const minutes = series(MINUTE, 60, [100.5, 101, 101]);
    const found = plannedCrossing(seconds, minutes, NOW, 12)!;
    expect(found.closesAt).toBe(MINUTE + 120);
    for (const t of seconds.keys())
      expect(fires(seconds, minutes, t, found.level, found.direction)).toBe(found.closesAt);
  });

  it('every level it names fires on the same close for every moment the watcher may be armed', () => {
    const price = fc.integer({ min: 9_900, max: 10_100 }).map((n) => n / 100);
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 18, maxLength: 18 }),
        fc.array(price, { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 0, max: 59 }),
        (s, m, offset) => {
          const now = MINUTE + offset;
          const seconds = series(now, 1, s);
          const minutes = series(MINUTE, 60, m);
          const found = plannedCrossing(seconds, minutes, now, 12);
          if (!found) return;
          for (const t of seconds.keys())
            expect(fires(seconds, minutes, t, found.level, found.direction)).toBe(found.closesAt);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the simulator's pools", () => {
  it('offer a crossing within five minutes at any moment of a day', async () => {
    const day = NOW - (NOW % 86_400);
    const sim = createSimulator({
      now: () => (day + 2 * 86_400) * 1000,
      stateDir: null,
      logLevel: 'silent',
      apiKey: 'k',
    });
    const waits: number[] = [];
    // 97 moments, 891 s apart: every hour, and every second of a minute over the day.
    for (let now = day; now < day + 86_400; now += 891) {
      const found = await crossingAhead((r) => sim.handle(r), 'k', now);
      expect(found, `at ${new Date(now * 1000).toISOString()}`).not.toBeNull();
      waits.push(found!.closesAt - now);
    }
    expect(Math.max(...waits)).toBeLessThanOrEqual(300);
  }, 60_000);
});
