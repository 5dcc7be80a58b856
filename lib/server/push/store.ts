/**
 * Where push subscriptions live: what the API writes and the watcher reads. Two kinds, one interface:
 * the data directory on one machine (file-store.ts), Redis with REDIS_URL (redis-store.ts). Records
 * are keyed by the hash of the browser's capability; an alert's state (armed, the price it is judged
 * from, its firings) is kept apart from its record, so the API replacing a list and the watcher
 * firing an alert never overwrite each other.
 */
import 'server-only';
import type { AlertState, SubscriptionRecord } from './schema';

/** Subscriptions one deployment keeps at most. */
export const MAX_SUBSCRIPTIONS = 2000;

export interface Snapshot {
  records: SubscriptionRecord[];
  states: Map<string, Map<string, AlertState>>;
  version: number;
}

export interface Changes {
  changed: SubscriptionRecord[];
  /** ids of records gone (deleted, or changed and unreadable) */
  removed: string[];
  version: number;
}

/** One firing: it is sent only when its id is new (and, in a cluster, while the lease is ours). */
export interface Firing {
  dedupeId: string;
  ttlMs: number;
}

export type CommitResult = 'ok' | 'duplicate' | 'gone' | 'not-holder';

export interface PushStore {
  readonly kind: 'file' | 'redis';
  /** 'full' when the deployment keeps MAX_SUBSCRIPTIONS already */
  create(record: SubscriptionRecord): Promise<'ok' | 'full'>;
  get(id: string): Promise<SubscriptionRecord | null>;
  /** replaces the record's alerts (and endpoint, keys); states of alerts no longer listed go */
  replace(record: SubscriptionRecord): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  states(id: string): Promise<Map<string, AlertState>>;
  /** everything, for a watcher that starts (or takes over) */
  load(): Promise<Snapshot>;
  /** what changed after `version`; null when the store cannot tell (load again) */
  changesSince(version: number): Promise<Changes | null>;
  /**
   * Writes alert states of one record; with a firing, only if its dedupe id is new, in one step
   * with the states, so two watchers (a failover) never both send it. `fence` is the lease value
   * the watcher holds (cluster only).
   */
  commit(
    id: string,
    states: ReadonlyMap<string, AlertState>,
    firing?: Firing,
    fence?: string,
  ): Promise<CommitResult>;
  /** listens to writes made in this process (the one-machine watcher needs no polling) */
  onChange(listener: () => void): () => void;
}
