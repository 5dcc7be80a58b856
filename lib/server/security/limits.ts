/**
 * Every limit of the app goes through here, so that one module decides where the counters live: in
 * memory per process (rate-limiter-flexible's RateLimiterMemory, and `memoryHolds`), or with
 * REDIS_URL in Redis for every instance (lib/server/cluster/install.ts plugs in rate-limiter-flexible's
 * Redis store with `setLimitStore` and the shared holds with `setHoldStore`). Limiters are kept on
 * globalThis by name and settings, so a dev-mode module reload does not reset them.
 */
import { log } from '../../observe/log';
import { processGlobal } from '../../core/process-global';
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
  /** gives one point back (an attempt that was not judged) */
  reward(key: string, points?: number): Promise<void>;
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

type Registry = { store: LimitStore; limits: Map<string, Limit> };

function registry(): Registry {
  return processGlobal<Registry>('pulse.limits', () => ({ store: memoryStore, limits: new Map() }));
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
 * The limiter's "over the limit" answer. Not `instanceof RateLimiterRes` alone: Next bundles the
 * library into each server chunk, and a Redis store plugged in at start (instrumentation.ts) rejects
 * with its chunk's class, which a route's copy of the class does not recognise (every 429 became a
 * 500 with REDIS_URL).
 */
function isLimiterRefusal(error: unknown): error is { msBeforeNext: number } {
  if (error instanceof RateLimiterRes) return true;
  if (typeof error !== 'object' || error === null || error instanceof Error) return false;
  const e = error as Record<string, unknown>;
  return typeof e.msBeforeNext === 'number' && typeof e.remainingPoints === 'number';
}

function wrap(limiter: RateLimiterAbstract, points: number, name: string): Limit {
  return {
    async take(key, points = 1) {
      try {
        const res = await limiter.consume(key, points);
        return { ok: true, remaining: res.remainingPoints };
      } catch (error) {
        if (isLimiterRefusal(error)) {
          metrics().rateLimited.inc({ limit: name });
          log().warn({ limit: name }, 'rate limit hit');
          return {
            ok: false,
            retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          };
        }
        throw error;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async reward(key, points = 1) {
      await limiter.reward(key, points);
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
 * Things held open at once per key (a client's streams, the sign-ins being checked), each carrying
 * the units it takes (a stream's topics): `acquire` judges the key's holds plus the new one against
 * its caps and takes it in one step. In memory per process; with REDIS_URL, shared by every instance
 * (lib/server/cluster/holds.ts), each hold expiring unless its instance keeps renewing it, so a dead
 * instance's holds fade.
 */
export interface HoldUnit {
  kind: 'ohlcv' | 'trades' | 'watch' | 'tx';
  /** what the upstream pays for: a pool (every interval of it), a poll, a watch */
  unit: string;
  /** the topic key (distinct topics per client) */
  key: string;
}

export interface HoldCaps {
  holds: number;
  topics?: number;
  pools?: number;
  polls?: number;
  watches?: number;
}

export type HoldRefusal = 'holds' | 'topics' | 'pools' | 'polls' | 'watches';

export type HoldResult = { ok: true; release: () => void } | { ok: false; refused: HoldRefusal };

export interface HoldStore {
  acquire(key: string, units: readonly HoldUnit[], caps: HoldCaps): Promise<HoldResult>;
}

/** A granted hold whose `free` runs once, however many times its holder releases it. */
export function grantedHold(free: () => void): HoldResult {
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      free();
    },
  };
}

const DIMENSIONS = [
  ['topics', (u: HoldUnit) => u.key],
  ['pools', (u: HoldUnit) => (u.kind === 'ohlcv' ? u.unit : null)],
  ['polls', (u: HoldUnit) => (u.kind === 'trades' ? u.unit : null)],
  ['watches', (u: HoldUnit) => (u.kind === 'watch' ? u.unit : null)],
] as const;

/**
 * Whether one more hold fits: fewer than `caps.holds` held, and for each capped dimension the
 * distinct count it would reach is within its cap, or no higher than it already is (a hold that adds
 * nothing new passes). lib/server/cluster/holds.ts runs the same rule in Redis.
 */
export function judgeHold(
  held: readonly (readonly HoldUnit[])[],
  fresh: readonly HoldUnit[],
  caps: HoldCaps,
): HoldRefusal | null {
  if (held.length >= caps.holds) return 'holds';
  for (const [name, pick] of DIMENSIONS) {
    const cap = caps[name];
    if (cap === undefined) continue;
    const before = new Set<string>();
    for (const units of held) for (const u of units) add(before, pick(u));
    const after = new Set(before);
    for (const u of fresh) add(after, pick(u));
    if (after.size > before.size && after.size > cap) return name;
  }
  return null;
}

function add(set: Set<string>, value: string | null): void {
  if (value !== null) set.add(value);
}

export function memoryHolds(): HoldStore {
  const byKey = new Map<string, Map<number, readonly HoldUnit[]>>();
  let next = 0;
  return {
    async acquire(key, units, caps) {
      const held = byKey.get(key) ?? new Map<number, readonly HoldUnit[]>();
      const refused = judgeHold([...held.values()], units, caps);
      if (refused) return { ok: false, refused };
      const id = ++next;
      held.set(id, [...units]);
      byKey.set(key, held);
      return grantedHold(() => {
        held.delete(id);
        if (held.size === 0 && byKey.get(key) === held) byKey.delete(key);
      });
    },
  };
}

function holdRegistry(): { store: HoldStore; memory: HoldStore } {
  return processGlobal('pulse.holds', () => {
    const memory = memoryHolds();
    return { store: memory, memory };
  });
}

/** The process's hold store: memory, or the cluster's (setHoldStore, at start with REDIS_URL). */
export function holds(): HoldStore {
  return holdRegistry().store;
}

/** The in-process store, also the cluster store's fallback while Redis is unreachable. */
export function memoryHoldStore(): HoldStore {
  return holdRegistry().memory;
}

export function setHoldStore(store: HoldStore | null): void {
  const r = holdRegistry();
  r.store = store ?? r.memory;
}
