/**
 * Server environment, read and validated in one place. `instrumentation.ts` calls `getEnv()` at start
 * so that a bad configuration stops the server with a message naming the variable. The values here
 * include the upstream key: this module must never reach a browser bundle.
 */
import 'server-only';
import { z } from 'zod';
import { parseFeaturedPools } from './pools/featured';

const optionalString = z
  .string()
  .transform((v) => v.trim())
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = optionalString.refine(
  (v) => {
    if (v === undefined) return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  },
  { message: 'must be an http(s) URL without query or fragment, e.g. https://api.example.com' },
);

const intInRange = (fallback: number, min: number, max: number) =>
  optionalString
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, {
      message: `must be an integer between ${min} and ${max}`,
    });

const schema = z
  .object({
    UPSTREAM_BASE_URL: httpUrl,
    UPSTREAM_API_KEY: optionalString,
    UPSTREAM_TIMEOUT_MS: intInRange(8000, 100, 60_000),
    DASHBOARD_PASSWORD: optionalString,
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    WEBHOOK_SECRET: optionalString,
    EMBED_ALLOWED_ORIGINS: optionalString,
    FEATURED_POOLS: optionalString.superRefine((v, ctx) => {
      const errors = v === undefined ? [] : parseFeaturedPools(v).errors;
      for (const message of errors)
        ctx.addIssue({
          code: 'custom',
          message: `${message} (expected a comma-separated list of chain_type:chain_id:pool_address)`,
        });
    }),
  })
  .superRefine((env, ctx) => {
    if (env.UPSTREAM_BASE_URL && !env.UPSTREAM_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_API_KEY'],
        message: 'is required when UPSTREAM_BASE_URL is set',
      });
    }
  });

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

let cached: Env | undefined;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    // Name the variable and the rule; never echo the value (it may be a secret).
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The dashboard runs on the built-in simulator when no upstream is configured. */
export function upstreamMode(env: Env = getEnv()): 'upstream' | 'simulator' {
  return env.UPSTREAM_BASE_URL ? 'upstream' : 'simulator';
}
