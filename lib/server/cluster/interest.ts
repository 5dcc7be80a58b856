/**
 * The cluster's interest: each instance registers the topics its viewers follow in a sorted set,
 * scored by an expiry it keeps pushing forward, so that a dead instance's topics fade within seconds;
 * the lease holder follows their union upstream.
 */
import 'server-only';
import type { Topic } from '../../contracts/stream/topics';
import type { UpstreamLoad } from '../stream/source';
import { parseInterestMember } from './parse';
import { keys, type ClusterRedis } from './redis';

export async function registerInterest(
  redis: ClusterRedis,
  topics: readonly Topic[],
  ttlMs: number,
): Promise<void> {
  if (topics.length === 0) return;
  const expiry = Date.now() + ttlMs;
  const args: (string | number)[] = [];
  for (const t of topics) args.push(expiry, JSON.stringify(t));
  await redis.client.zadd(keys.interest, ...args);
}

/** The cluster's live interest (topic key -> topic), each member parsed as untrusted input. */
export function interestOf(members: readonly string[]): Map<string, Topic> {
  const interest = new Map<string, Topic>();
  for (const member of members) {
    const topic = parseInterestMember(member);
    if (topic) interest.set(topic.key, topic);
  }
  return interest;
}

/** What `topics` would add to the upstream work the cluster holds for `held` (topic key -> topic). */
export function loadOf(held: ReadonlyMap<string, Topic>, topics: readonly Topic[]): UpstreamLoad {
  const poolOf = (t: Extract<Topic, { kind: 'ohlcv' }>) =>
    `${t.chainType}:${t.chainId}:${t.pool.toLowerCase()}`;
  const now = { pools: new Set<string>(), polls: 0, watches: 0 };
  for (const t of held.values()) {
    if (t.kind === 'ohlcv') now.pools.add(poolOf(t));
    else if (t.kind === 'trades') now.polls++;
    else if (t.kind === 'watch') now.watches++;
  }
  const added = { pools: new Set<string>(), polls: 0, watches: 0 };
  for (const t of topics) {
    if (held.has(t.key)) continue;
    if (t.kind === 'ohlcv' && !now.pools.has(poolOf(t))) added.pools.add(poolOf(t));
    else if (t.kind === 'trades') added.polls++;
    else if (t.kind === 'watch') added.watches++;
  }
  return {
    pools: { held: now.pools.size, added: added.pools.size },
    polls: { held: now.polls, added: added.polls },
    watches: { held: now.watches, added: added.watches },
  };
}
