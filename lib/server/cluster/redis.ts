/**
 * The cluster's Redis (REDIS_URL: `redis://` or `rediss://`, e.g. a managed Redis over TLS). One
 * command connection per process, kept on globalThis (Next bundles server modules per chunk, and
 * every chunk must share it), plus duplicates for the blocking stream reader. Commands fail at once
 * while Redis is unreachable (no offline queue): every caller has an in-process fallback, and the
 * connection keeps retrying in the background. Only the first connection of a process that just
 * started is waited for, by callers that have no good fallback (`ready()`: the push key and store,
 * sign-out checks). The URL (it may hold a password) is never logged.
 */
import 'server-only';
import Redis, { type RedisOptions } from 'ioredis';
import { getEnv } from '../../config/env';
import { log } from '../../observe/log';

type RedisState = 'off' | 'connecting' | 'up' | 'down';

export interface ClusterRedis {
  client: Redis;
  /** a new connection with the same settings (the stream reader blocks on its own) */
  duplicate(name: string): Redis;
  state(): RedisState;
  /**
   * While the first connection is still being made (a process that just started), waits for it up
   * to `timeoutMs` (5 s unless given); true once Redis is up. At once otherwise: a Redis that went
   * down later never holds a caller, who falls back as usual.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  onState(listener: (state: RedisState) => void): () => void;
  quit(): Promise<void>;
}

const KEY = Symbol.for('pulse.cluster-redis');
/** How long `ready()` holds a caller while a process that just started makes its first connection. */
const FIRST_CONNECTION_MS = 5000;
type Holder = { [KEY]?: ClusterRedis | null };

function redisOptions(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    // Fail fast while disconnected: callers fall back to in-process work instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(100 * times, 2000),
    ...(parsed.protocol === 'rediss:' ? { tls: { servername: parsed.hostname } } : {}),
  };
}

function connect(url: string, name: string, onState?: (s: RedisState) => void): Redis {
  const client = new Redis(url, { ...redisOptions(url), connectionName: `pulse-${name}` });
  // Without an 'error' listener a dropped connection would be an unhandled error event.
  let warned = false;
  client.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    log().warn({ redis: name, reason: error.message.replace(/\/\/[^@]*@/, '//') }, 'redis error');
  });
  client.on('ready', () => {
    warned = false;
    onState?.('up');
  });
  client.on('close', () => onState?.('down'));
  client.on('end', () => onState?.('down'));
  return client;
}

export function createClusterRedis(url: string): ClusterRedis {
  let state: RedisState = 'connecting';
  const listeners = new Set<(s: RedisState) => void>();
  const setState = (next: RedisState) => {
    if (next === state) return;
    state = next;
    log()[next === 'up' ? 'info' : 'warn']({ redis: next }, 'cluster store');
    for (const l of listeners) l(next);
  };
  const client = connect(url, 'commands', setState);
  const onState = (listener: (s: RedisState) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    client,
    duplicate: (name) => connect(url, name),
    state: () => state,
    ready(timeoutMs = FIRST_CONNECTION_MS) {
      if (state !== 'connecting') return Promise.resolve(state === 'up');
      return new Promise((resolve) => {
        const done = (up: boolean) => {
          clearTimeout(timer);
          off();
          resolve(up);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        const off = onState((next) => done(next === 'up'));
      });
    },
    onState,
    async quit() {
      listeners.clear();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The process's Redis, or null without REDIS_URL (everything stays in process). */
export function clusterRedis(): ClusterRedis | null {
  const holder = globalThis as Holder;
  if (holder[KEY] === undefined) {
    const url = getEnv().REDIS_URL;
    holder[KEY] = url ? createClusterRedis(url) : null;
  }
  return holder[KEY];
}

/** Key names, in one place: every key the cluster writes starts with `pulse:`. */
export const keys = {
  cache: (key: string) => `pulse:cache:${key}`,
  cacheLock: (key: string) => `pulse:lock:${key}`,
  lease: 'pulse:lease',
  fence: 'pulse:lease:fence',
  seq: 'pulse:seq',
  interest: 'pulse:interest',
  links: 'pulse:links',
  stream: (topic: string) => `pulse:s:${topic}`,
  txSeen: (topic: string, identity: string) => `pulse:txseen:${topic}:${identity}`,
  revoked: (id: string) => `pulse:revoked:${id}`,
  hold: (name: string) => `pulse:hold:${name}`,
} as const;
