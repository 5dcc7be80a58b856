/**
 * When an alert fires: the crossing rule is shared with the server's watcher (lib/core/crossing.ts);
 * what is the tab's own is how a new alert picks its side.
 */
import type { AlertCondition } from './model';

export { crossing, type CrossDirection } from '../../core/crossing';

/** The condition a new alert takes from where its level lies: above the price it waits to be reached from below. */
export function conditionFor(level: number, current: number | null): AlertCondition {
  if (current === null || !Number.isFinite(current) || level === current) return 'cross';
  return level > current ? 'up' : 'down';
}
