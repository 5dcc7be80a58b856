/**
 * Every limit of the app goes through here, so that one module decides where the counters live. Today
 * they are in memory (rate-limiter-flexible's RateLimiterMemory, per process); a later change plugs a
 * Redis store in (`setLimitStore`) without touching a caller. Limiters are kept on globalThis by name
 * and settings, so a dev-mode module reload does not reset them.
 */
import { log } from '../../observe/log';
import { metrics } from '../../observe/metrics';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimitSettings {
  /** points a key may spend per window */
  points: number;
  durationSeconds: number;
  /** once spent, the key waits this long (default: until the window ends) */
  blockSeconds?: number;
}

export type LimitResult =
  { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number };

export interface Limit {
  take(key: string, points?: number): Promise<LimitResult>;
  /** gives the key its whole allowance back (a successful sign-in) */
  reset(key: string): Promise<void>;
  /** spent points of a key in the current window (0 when unknown) */
  spent(key: string): Promise<number>;
  /** seconds until the key may spend again once its allowance is used up; 0 while it may */
  blockedFor(key: string): Promise<number>;
}

export type LimitStore = (name: string, settings: LimitSettings) => RateLimiterAbstract;

const memoryStore: LimitStore = (name, s) =>
  new RateLimiterMemory({
    keyPrefix: name,
    points: s.points,
    duration: s.durationSeconds,
    blockDuration: s.blockSeconds ?? 0,
  });

const KEY = Symbol.for('pulse.limits');
type Registry = { store: LimitStore; limits: Map<string, Limit> };
type Holder = { [KEY]?: Registry };

function registry(): Registry {
  const holder = globalThis as Holder;
  holder[KEY] ??= { store: memoryStore, limits: new Map() };
  return holder[KEY];
}

/** Swaps the store of every limiter created from now on (and forgets the existing ones). */
export function setLimitStore(store: LimitStore | null): void {
  const r = registry();
  r.store = store ?? memoryStore;
  r.limits.clear();
}

export function rateLimit(name: string, settings: LimitSettings): Limit {
  const r = registry();
  const id = `${name}:${settings.points}:${settings.durationSeconds}:${settings.blockSeconds ?? 0}`;
  let limit = r.limits.get(id);
  if (!limit) {
    limit = wrap(r.store(name, settings), settings.points, name);
    r.limits.set(id, limit);
  }
  return limit;
}

/**
 * The limiter's refusal (rate-limiter-flexible rejects with a RateLimiterRes, a store's failure with
 * an Error). Told apart by its shape too: the registry is shared on globalThis by code Next.js bundles
 * apart (the route handlers, and instrumentation.ts with the fast entry, each with its own copy of
 * the library), so a limiter made by one bundle rejects with a class the other's `instanceof` does
 * not know, and a refusal became a 500.
 */
function refusalOf(error: unknown): { msBeforeNext: number } | null {
  if (error instanceof RateLimiterRes) return error;
  if (typeof error !== 'object' || error === null || error instanceof Error) return null;
  const ms = (error as { msBeforeNext?: unknown }).msBeforeNext;
  return typeof ms === 'number' ? { msBeforeNext: ms } : null;
}

function wrap(limiter: RateLimiterAbstract, points: number, name: string): Limit {
  return {
    async take(key, points = 1) {
      try {
        const res = await limiter.consume(key, points);
        return { ok: true, remaining: res.remainingPoints };
      } catch (error) {
        const refused = refusalOf(error);
        if (refused) {
          metrics().rateLimited.inc({ limit: name });
          log().warn({ limit: name }, 'rate limit hit');
          return {
            ok: false,
            retryAfterSeconds: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)),
          };
        }
        throw error;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async spent(key) {
      const res = await limiter.get(key);
      return res?.consumedPoints ?? 0;
    },
    async blockedFor(key) {
      const res = await limiter.get(key);
      if (!res || res.consumedPoints < points) return 0;
      return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    },
  };
}

/**
 * Things held open at once per key (streams per client). In memory per process, like the limiters;
 * the same interface takes a shared store later.
 */
export interface Gauge {
  /** false (nothing taken) when the key already holds `max` */
  acquire(key: string, max: number): boolean;
  release(key: string): void;
  count(key: string): number;
}

export function gauge(name: string): Gauge {
  const holder = globalThis as { [k: symbol]: Gauge | undefined };
  const sym = Symbol.for(`pulse.gauge.${name}`);
  holder[sym] ??= memoryGauge();
  return holder[sym];
}

function memoryGauge(): Gauge {
  const counts = new Map<string, number>();
  return {
    acquire(key, max) {
      const n = counts.get(key) ?? 0;
      if (n >= max) return false;
      counts.set(key, n + 1);
      return true;
    },
    release(key) {
      const n = (counts.get(key) ?? 0) - 1;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
    count: (key) => counts.get(key) ?? 0,
  };
}
