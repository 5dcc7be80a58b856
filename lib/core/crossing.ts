/**
 * When a price alert fires: on a price crossing its level, from the previous price strictly on one
 * side to the new one on the other side or exactly on it. A price that only touches the level and
 * turns back fires once it is on it; one that stays on the same side never does, and one that sat on
 * the level must leave it before it can cross again. One rule for the tab's watcher
 * (lib/features/alerts/watcher.ts) and the server's (lib/server/push/watcher.ts).
 */

/** `up`: from below to at-or-above the level; `down`: from above to at-or-below; `cross`: either. */
export const CROSS_CONDITIONS = ['up', 'down', 'cross'] as const;
export type CrossCondition = (typeof CROSS_CONDITIONS)[number];
export type CrossDirection = 'up' | 'down';

export function crossing(
  previous: number,
  next: number,
  level: number,
  condition: CrossCondition,
): CrossDirection | null {
  if (![previous, next, level].every(Number.isFinite)) return null;
  if (condition !== 'down' && previous < level && next >= level) return 'up';
  if (condition !== 'up' && previous > level && next <= level) return 'down';
  return null;
}
