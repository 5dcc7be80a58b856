/**
 * When live data reads as stale, for the pages' freshness mark (components/ui/freshness.tsx) and the
 * widget's (lib/embed/widget.ts): its last refresh failed or its link is interrupted, or it is older
 * than the limit.
 */
export const STALE_AFTER_MS = 10_000;

export function isStale(ageMs: number, failed = false, limitMs = STALE_AFTER_MS): boolean {
  return failed || ageMs > limitMs;
}
