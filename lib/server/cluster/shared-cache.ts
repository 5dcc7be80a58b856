/**
 * The gateway's cache shared by a cluster (lib/upstream/exchange.ts, `SharedTier`): one upstream call
 * per cache window for all instances. An instance that misses reads Redis first; if nobody has the
 * answer, it takes a short lock (SET NX PX) and asks the upstream, and the others poll the entry
 * until it appears. The entry keeps its absolute expiry, so every instance's window ends at once.
 * With Redis unreachable (or a lock holder that never answers), an instance asks the upstream itself:
 * slower for the upstream, never wrong for the viewer.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { CachedResponse } from '../../upstream/cache';
import type { SharedTier } from '../../upstream/exchange';
import { parseCachedResponse } from './parse';
import { keys, type ClusterRedis } from './redis';

const LOCK_MS = 5000;
const POLL_MS = 25;

// Deletes the lock only if it is still ours (it may have expired and been taken by another).
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface SharedCacheStats {
  /** answers read from Redis (another instance asked the upstream) */
  shared: number;
  /** upstream calls made under the lock */
  fetched: number;
  /** upstream calls made without Redis (unreachable, or the lock holder timed out) */
  alone: number;
}

export function sharedCache(
  redis: ClusterRedis,
  waitMs = LOCK_MS,
): SharedTier & { stats: SharedCacheStats } {
  const stats: SharedCacheStats = { shared: 0, fetched: 0, alone: 0 };
  const read = async (key: string): Promise<CachedResponse | null> => {
    const text = await redis.client.get(keys.cache(key));
    if (!text) return null;
    // Parsed like client input: a malformed entry is a miss, never a malformed answer.
    const value = parseCachedResponse(text);
    return value && value.expires > Date.now() ? value : null;
  };
  const alone = (fetch: () => Promise<CachedResponse>) => {
    stats.alone++;
    return fetch();
  };

  return {
    stats,
    async load(key, fetch) {
      if (redis.state() !== 'up') return alone(fetch);
      const token = randomUUID();
      const deadline = Date.now() + waitMs;
      try {
        for (;;) {
          const hit = await read(key);
          if (hit) {
            stats.shared++;
            return hit;
          }
          const locked = await redis.client.set(keys.cacheLock(key), token, 'PX', LOCK_MS, 'NX');
          if (locked) break;
          if (Date.now() > deadline) return alone(fetch);
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      } catch {
        return alone(fetch);
      }
      // Ours: ask the upstream, share a good answer, then let the others read it. First read once
      // more: an instance that stalled between its read and the lock (a busy event loop) may find
      // the answer another one stored meanwhile, and must not ask the upstream again.
      try {
        const stored = await read(key);
        if (stored) {
          stats.shared++;
          await redis.client.eval(UNLOCK, 1, keys.cacheLock(key), token).catch(() => undefined);
          return stored;
        }
      } catch {
        // Redis went away: ask the upstream below, as the lock holder would have
      }
      stats.fetched++;
      try {
        const value = await fetch();
        const ttl = value.expires - Date.now();
        if (ttl > 0)
          await redis.client
            .set(keys.cache(key), JSON.stringify(value), 'PX', ttl)
            .catch(() => undefined);
        return value;
      } finally {
        await redis.client.eval(UNLOCK, 1, keys.cacheLock(key), token).catch(() => undefined);
      }
    },
  };
}
