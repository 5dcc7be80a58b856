/**
 * The live feed of a tab kept across a reload (sessionStorage: this tab only, gone with it).
 *
 * Why not resume the stream alone from its Last-Event-ID: the server's replay buffer holds the last
 * 256 events per topic and only what came after the id, so the rows the trader was looking at
 * would still be gone, and a quiet feed's id could be older than the buffer. The rows are kept
 * here as they were shown; the gap between leaving and coming back is refilled from
 * transfers/search as after any outage (use-live-feed.ts), and duplicates are dropped by identity.
 */
import type { FeedRow, FeedState } from './feed';
import type { SeenWallet } from './feed-store';

const KEY = 'pulse-feed';
const VERSION = 1;
/** Rows kept: a screenful many times over, well inside the few MB sessionStorage allows. */
export const SESSION_ROWS = 300;

export interface SavedFeed {
  savedAt: number;
  rows: FeedRow[];
  pending: FeedRow[];
  paused: boolean;
  received: number;
  duplicates: number;
  seen: Record<string, SeenWallet>;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked
  }
}

export function saveFeed(feed: FeedState, seen: Record<string, SeenWallet>, now: number): void {
  const s = storage();
  if (!s) return;
  const data = {
    v: VERSION,
    savedAt: now,
    rows: feed.rows.slice(0, SESSION_ROWS),
    pending: feed.pending.slice(0, SESSION_ROWS),
    paused: feed.paused,
    received: feed.received,
    duplicates: feed.duplicates,
    seen,
  };
  try {
    s.setItem(KEY, JSON.stringify(data));
  } catch {
    // Over the quota: a reload starts an empty feed, as before.
  }
}

const isRow = (r: unknown): r is FeedRow =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as FeedRow).key === 'string' &&
  typeof (r as FeedRow).receivedAt === 'number' &&
  typeof (r as FeedRow).tx?.tx_hash === 'string';

export function loadFeed(): SavedFeed | null {
  const text = storage()?.getItem(KEY);
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Partial<SavedFeed> & { v?: number };
    if (d.v !== VERSION || typeof d.savedAt !== 'number') return null;
    return {
      savedAt: d.savedAt,
      rows: Array.isArray(d.rows) ? d.rows.filter(isRow) : [],
      pending: Array.isArray(d.pending) ? d.pending.filter(isRow) : [],
      paused: d.paused === true,
      received: typeof d.received === 'number' ? d.received : 0,
      duplicates: typeof d.duplicates === 'number' ? d.duplicates : 0,
      seen: typeof d.seen === 'object' && d.seen !== null ? d.seen : {},
    };
  } catch {
    return null;
  }
}

/** The saved feed as the store's state: the identities it showed are known again. */
export function feedOf(saved: SavedFeed): FeedState {
  return {
    rows: saved.rows,
    pending: saved.pending,
    paused: saved.paused,
    seen: new Set([...saved.rows, ...saved.pending].map((r) => r.key)),
    received: saved.received,
    duplicates: saved.duplicates,
  };
}
