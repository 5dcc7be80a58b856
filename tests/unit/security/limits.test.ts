/**
 * The limiter's refusal is a refusal whichever bundle made the limiter: the registry is shared on
 * globalThis by code Next.js bundles apart (the route handlers, instrumentation.ts's fast entry),
 * each with its own copy of rate-limiter-flexible, so the rejection may be another copy's
 * RateLimiterRes. It used to fall through as an error: a 500 instead of a 429.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimit, setLimitStore } from '@/lib/server/security/limits';

/** A RateLimiterRes of another copy of the library: the same fields, not the same class. */
class ForeignRes {
  msBeforeNext = 2500;
  remainingPoints = 0;
  consumedPoints = 3;
  isFirstInDuration = false;
}

class ForeignLimiter extends RateLimiterMemory {
  override consume(): Promise<RateLimiterRes> {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as the library does
    return Promise.reject(new ForeignRes());
  }
}

class BrokenLimiter extends RateLimiterMemory {
  override consume(): Promise<RateLimiterRes> {
    return Promise.reject(new Error('store down'));
  }
}

afterEach(() => setLimitStore(null));

describe('rate limits', () => {
  it('a refusal from another copy of the library is a refusal, with its wait', async () => {
    setLimitStore(
      (name, s) =>
        new ForeignLimiter({ keyPrefix: name, points: s.points, duration: s.durationSeconds }),
    );
    const result = await rateLimit('foreign', { points: 2, durationSeconds: 60 }).take('k');
    expect(result).toEqual({ ok: false, retryAfterSeconds: 3 });
  });

  it("the store's own failure is still an error", async () => {
    setLimitStore(
      (name, s) =>
        new BrokenLimiter({ keyPrefix: name, points: s.points, duration: s.durationSeconds }),
    );
    await expect(rateLimit('broken', { points: 2, durationSeconds: 60 }).take('k')).rejects.toThrow(
      'store down',
    );
  });

  it('the library refuses past the points, and lets the key through again after a reset', async () => {
    const limit = rateLimit('memory', { points: 2, durationSeconds: 60 });
    expect((await limit.take('k')).ok).toBe(true);
    expect((await limit.take('k')).ok).toBe(true);
    const refused = await limit.take('k');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await limit.reset('k');
    expect((await limit.take('k')).ok).toBe(true);
  });
});
