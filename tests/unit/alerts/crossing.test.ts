import { describe, expect, it } from 'vitest';
import { conditionFor, crossing } from '@/lib/features/alerts/crossing';

describe('crossing', () => {
  it('fires up when the price goes from below the level to at or above it', () => {
    expect(crossing(99, 101, 100, 'up')).toBe('up');
    expect(crossing(99, 100, 100, 'up')).toBe('up');
    expect(crossing(99, 101, 100, 'cross')).toBe('up');
    expect(crossing(99, 101, 100, 'down')).toBeNull();
  });

  it('fires down when the price goes from above the level to at or below it', () => {
    expect(crossing(101, 99, 100, 'down')).toBe('down');
    expect(crossing(101, 100, 100, 'down')).toBe('down');
    expect(crossing(101, 99, 100, 'cross')).toBe('down');
    expect(crossing(101, 99, 100, 'up')).toBeNull();
  });

  it('does not fire while the price stays on one side, or leaves the level it sat on', () => {
    expect(crossing(98, 99.99, 100, 'cross')).toBeNull();
    expect(crossing(102, 100.01, 100, 'cross')).toBeNull();
    // Sitting on the level is not a side: leaving it is no crossing (touching it was).
    expect(crossing(100, 101, 100, 'cross')).toBeNull();
    expect(crossing(100, 99, 100, 'cross')).toBeNull();
    expect(crossing(100, 100, 100, 'cross')).toBeNull();
  });

  it('keeps the precision of tiny and exact levels', () => {
    expect(crossing(3713.99741, 3713.99746, 3713.99745, 'up')).toBe('up');
    expect(crossing(3713.99741, 3713.99744, 3713.99745, 'up')).toBeNull();
    expect(crossing(1.2e-9, 1.4e-9, 1.3e-9, 'cross')).toBe('up');
  });

  it('ignores numbers that are not prices', () => {
    expect(crossing(Number.NaN, 101, 100, 'cross')).toBeNull();
    expect(crossing(99, Number.POSITIVE_INFINITY, 100, 'cross')).toBeNull();
    expect(crossing(99, 101, Number.NaN, 'cross')).toBeNull();
  });
});

describe('conditionFor', () => {
  it('waits for a rise to a level above the price and a fall to one below', () => {
    expect(conditionFor(110, 100)).toBe('up');
    expect(conditionFor(90, 100)).toBe('down');
    expect(conditionFor(100, 100)).toBe('cross');
    expect(conditionFor(100, null)).toBe('cross');
  });
});
