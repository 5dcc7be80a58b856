/**
 * When an alert fires: on the live price crossing its level, from the previous price strictly on
 * one side to the new one on the other side or exactly on it. A price that only touches the level
 * and turns back fires once it is on it; one that stays on the same side never does.
 */
import type { AlertCondition } from './model';

export type CrossDirection = 'up' | 'down';

export function crossing(
  previous: number,
  next: number,
  level: number,
  condition: AlertCondition,
): CrossDirection | null {
  if (![previous, next, level].every(Number.isFinite)) return null;
  if (condition !== 'down' && previous < level && next >= level) return 'up';
  if (condition !== 'up' && previous > level && next <= level) return 'down';
  return null;
}

/** The condition a new alert takes from where its level lies: above the price it waits to be reached from below. */
export function conditionFor(level: number, current: number | null): AlertCondition {
  if (current === null || !Number.isFinite(current) || level === current) return 'cross';
  return level > current ? 'up' : 'down';
}
