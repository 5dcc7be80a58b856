/**
 * With REDIS_URL, puts the cluster in place at start (instrumentation.ts): the gateway's shared cache,
 * the limiters and session revocations in Redis (each with an in-process fallback while Redis is
 * unreachable), and the cluster's stream hub, which competes for the upstream lease from the start
 * so that any instance can take over from a holder that dies. Without REDIS_URL it does nothing.
 */
import 'server-only';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { getEnv, upstreamMode } from '../../config/env';
import { log } from '../../observe/log';
import { setSharedTier } from '../../upstream/exchange';
import { memoryRevocations, setRevocationStore, type RevocationStore } from '../auth/revocation';
import { setLimitStore } from '../security/limits';
import { getClusterHub, instanceName } from '../stream/server';
import { keys, clusterRedis, type ClusterRedis } from './redis';
import { sharedCache } from './shared-cache';

export function installCluster(): void {
  const redis = clusterRedis();
  if (!redis) return;
  setSharedTier(sharedCache(redis));
  setLimitStore((name, s) => {
    const settings = {
      points: s.points,
      duration: s.durationSeconds,
      blockDuration: s.blockSeconds ?? 0,
    };
    return new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `pulse:rl:${name}`,
      ...settings,
      // Redis unreachable: each instance limits on its own until it is back.
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, ...settings }),
    });
  });
  setRevocationStore(redisRevocations(redis));
  getClusterHub();
  const env = getEnv();
  log().info(
    { instance: instanceName() },
    'cluster: REDIS_URL set, sharing cache, limits and streams',
  );
  if (upstreamMode(env) === 'simulator')
    log().warn(
      {},
      'cluster without UPSTREAM_BASE_URL: each instance runs its own simulator, so instances show ' +
        'different demo data. Run one shared simulator (npm run sim, or the sim service of ' +
        'compose.yaml) and point every instance at it with UPSTREAM_BASE_URL and UPSTREAM_API_KEY.',
    );
}

/** Revoked session ids as keys that expire with the session; remembered in process as well. */
function redisRevocations(redis: ClusterRedis): RevocationStore {
  const memory = memoryRevocations();
  return {
    async revoke(id, until) {
      await memory.revoke(id, until);
      await redis.client
        .set(keys.revoked(id), '1', 'PXAT', Math.max(until, Date.now() + 1000))
        .catch(() => undefined);
    },
    async isRevoked(id) {
      if (await memory.isRevoked(id)) return true;
      try {
        return (await redis.client.exists(keys.revoked(id))) === 1;
      } catch {
        return false;
      }
    },
  };
}
