/**
 * With REDIS_URL, puts the cluster in place at start (instrumentation.ts): the gateway's shared cache,
 * the limiters, the holds (streams and topics per client, sign-ins in progress) and session
 * revocations in Redis (each with an in-process fallback while Redis is unreachable; revocations
 * fail closed for changes instead), and the cluster's stream hub, which competes for the upstream lease from the start
 * so that any instance can take over from a holder that dies. Without REDIS_URL it does nothing.
 */
import 'server-only';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { getEnv, upstreamMode } from '../../config/env';
import { log } from '../../observe/log';
import { setSharedTier } from '../../upstream/exchange';
import { memoryRevocations, setRevocationStore, type RevocationStore } from '../auth/revocation';
import { setHoldStore, setLimitStore } from '../security/limits';
import { getClusterHub, instanceName } from '../stream/server';
import { keys, clusterRedis, type ClusterRedis } from './redis';
import { redisHolds } from './holds';
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
  setHoldStore(redisHolds(redis, instanceName()));
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

/**
 * Revoked session ids as Redis keys that expire with the session, remembered in process as well. A
 * sign-out Redis did not take (unreachable) is kept and sent again on the next call. When Redis
 * cannot be asked, a session this process has not seen revoked is `unknown`: changes fail closed.
 * When Redis comes back (perhaps empty: a restart without persistence), every instance sends the
 * revocations it remembers again, so a sign-out outlives a Redis restart while an instance that saw
 * it lives.
 */
export function redisRevocations(
  redis: ClusterRedis,
  now: () => number = Date.now,
): RevocationStore {
  const memory = memoryRevocations(now);
  const unsent = new Map<string, number>();
  const flush = async () => {
    for (const [id, until] of [...unsent]) {
      await redis.client.set(keys.revoked(id), '1', 'PXAT', Math.max(until, now() + 1000));
      unsent.delete(id);
    }
  };
  redis.onState((state) => {
    if (state !== 'up') return;
    for (const [id, until] of memory.entries()) if (until > now()) unsent.set(id, until);
    void flush().catch(() => undefined);
  });
  return {
    async revoke(id, until) {
      await memory.revoke(id, until);
      unsent.set(id, until);
      await flush().catch(() =>
        log().warn({}, 'sign-out not yet shared: the cluster store is unreachable (retried)'),
      );
    },
    async check(id) {
      if ((await memory.check(id)) === 'revoked') return 'revoked';
      try {
        // A process that just started asks once its first connection is up, not 'unknown' before.
        await redis.ready();
        if (unsent.size > 0) await flush();
        return (await redis.client.exists(keys.revoked(id))) === 1 ? 'revoked' : 'valid';
      } catch {
        return 'unknown';
      }
    },
  };
}
