/**
 * What a browser stream (lib/server/stream/sse.ts) and its admission (limits.ts) need from the
 * thing that carries events: the process's own hub (hub.ts), or, with REDIS_URL, the cluster's
 * (lib/server/cluster/hub.ts), which serves the same sessions from Redis Streams.
 */
import type { LiveTransaction } from '../../contracts/stream/events';
import type { Topic } from '../../contracts/stream/topics';
import type { LoggedEvent } from './event-log';

export interface Session {
  /**
   * Receives every event of the topics it follows, once. A session that publishes elsewhere (the
   * cluster's relay) returns whether the event was stored; a transaction is acknowledged upstream
   * only once every such write said yes.
   */
  write(event: LoggedEvent): void | Promise<boolean>;
}

/** Upstream work held now and what a set of topics would add (the caps of limits.ts). */
export interface UpstreamLoad {
  pools: { held: number; added: number };
  polls: { held: number; added: number };
  watches: { held: number; added: number };
}

export interface StreamSource {
  /**
   * Replays what the session missed after `lastEventId` (or says `resync`), writes the links'
   * status, then follows the topics live; returns the function that stops following them.
   */
  attach(topics: readonly Topic[], session: Session, lastEventId: string | null): () => void;
  /** What these topics would cost the upstream on top of what is held. */
  upstreamLoad(topics: readonly Topic[]): UpstreamLoad;
  /** A transaction that arrived by webhook, into the scope's `tx` feed; false for a duplicate. */
  ingest(scope: string | undefined, tx: LiveTransaction): boolean | Promise<boolean>;
}

/** The services whose link status a stream of these topics shows. */
export function servicesOf(topics: readonly Topic[]): ('kline' | 'tx' | 'trades')[] {
  const set = new Set<'kline' | 'tx' | 'trades'>();
  for (const t of topics)
    set.add(t.kind === 'ohlcv' ? 'kline' : t.kind === 'trades' ? 'trades' : 'tx');
  return [...set];
}

/** The sandbox scope of a stream's transaction topics, if any. */
export function scopeOf(topics: readonly Topic[]): string | undefined {
  for (const t of topics) if ((t.kind === 'tx' || t.kind === 'watch') && t.scope) return t.scope;
  return undefined;
}
