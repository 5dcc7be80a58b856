/**
 * Server environment, read and validated in one place. `instrumentation.ts` calls `getEnv()` at start
 * so that a bad configuration stops the server with a message naming the variable. The values here
 * include the upstream key: this module must never reach a browser bundle.
 */
import 'server-only';
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseFeaturedPools } from './featured-pools';

/** Where the upstream's token, chain and fiat logos live (LOGO_HOSTS when unset). */
export const DEFAULT_LOGO_HOSTS = [
  'assets.coingecko.com',
  'coin-images.coingecko.com',
  'icons.llamao.fi',
  'flagcdn.com',
];

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
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      );
    } catch {
      return false;
    }
  },
  {
    message:
      'must be an http(s) URL without credentials, query or fragment, e.g. https://api.example.com',
  },
);

/** Whether the VAPID private key derives the public one (a mismatched pair signs pushes nobody accepts). */
function vapidPair(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(env.VAPID_PRIVATE_KEY ?? '', 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(env.VAPID_PUBLIC_KEY ?? '', 'base64url'));
  } catch {
    return false;
  }
}

/** Bytes a base64url text decodes to, or -1 when it is not base64url. */
function base64urlBytes(v: string): number {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return -1;
  return Buffer.from(v, 'base64url').length;
}

/** `https://Site.example:443/` -> `https://site.example`; null when it is not an http(s) origin. */
function normaliseOrigin(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    if (url.pathname !== '/' && url.pathname !== '') return null;
    return url.origin;
  } catch {
    return null;
  }
}

const intInRange = (fallback: number, min: number, max: number) =>
  optionalString
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, {
      message: `must be an integer between ${min} and ${max}`,
    });

const flag = optionalString.refine((v) => v === undefined || v === '0' || v === '1', {
  message: 'must be 0 or 1',
});

/** `203.0.113.7`, `2001:db8::/32`: a plain address (as node:net reads one), or one with a prefix. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined || isIP(address) === 0) return false;
  return prefix === undefined || ipaddr.isValidCIDR(entry);
}

/** Shortest DASHBOARD_PASSWORD accepted: the login limiter slows guessing, it cannot make `1234` safe. */
const MIN_PASSWORD_LENGTH = 12;

const schema = z
  .object({
    UPSTREAM_BASE_URL: httpUrl,
    UPSTREAM_API_KEY: optionalString,
    UPSTREAM_TIMEOUT_MS: intInRange(8000, 100, 60_000),
    DASHBOARD_PASSWORD: optionalString.refine(
      (v) => v === undefined || v.length >= MIN_PASSWORD_LENGTH,
      { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` },
    ),
    /** `private`: every page, API and stream needs the admin session (docs/security.md). */
    DASHBOARD_ACCESS: optionalString
      .refine((v) => v === undefined || v === 'public' || v === 'private', {
        message: "must be 'public' or 'private'",
      })
      .transform((v) => (v === 'private' ? 'private' : 'public')),
    /** With DASHBOARD_ACCESS=private, 1 keeps /embed/* and the chart data it reads public. */
    EMBED_PUBLIC: flag,
    ALLOWED_HOSTS: optionalString,
    CLIENT_IP_HEADER: optionalString.refine(
      (v) => v === undefined || /^[A-Za-z0-9-]{1,64}$/.test(v),
      { message: 'must be a header name, e.g. x-real-ip' },
    ),
    TRUSTED_PROXY_HOPS: intInRange(0, 0, 10),
    RATE_GATEWAY_PER_MIN: intInRange(600, 1, 1_000_000),
    RATE_GATEWAY_WRITES_PER_MIN: intInRange(60, 1, 1_000_000),
    STREAM_OPENS_PER_MIN: intInRange(60, 1, 1_000_000),
    STREAM_MAX_PER_CLIENT: intInRange(12, 1, 10_000),
    STREAM_MAX_TOPICS_PER_CLIENT: intInRange(48, 1, 100_000),
    STREAM_MAX_KLINE_POOLS: intInRange(200, 1, 100_000),
    STREAM_MAX_TRADE_POLLERS: intInRange(50, 1, 10_000),
    STREAM_MAX_TX_WATCHES: intInRange(500, 1, 100_000),
    /** Percent of each server-wide stream cap (pools, trade pollers, watches) one client may hold. */
    STREAM_CLIENT_SHARE_PERCENT: intInRange(25, 1, 100),
    LOGIN_MAX_ATTEMPTS: intInRange(5, 1, 1000),
    LOGIN_WINDOW_SECONDS: intInRange(900, 1, 86_400),
    LOGIN_SLOWDOWN_AFTER_PER_MIN: intInRange(30, 1, 1_000_000),
    /** Sign-in passwords checked at once, all clients together (lib/server/auth/login.ts). */
    LOGIN_MAX_CONCURRENT: intInRange(2, 1, 1000),
    WEBHOOK_BAD_SIGN_PER_MIN: intInRange(10, 1, 1_000_000),
    DEMO_SANDBOX_MAX: intInRange(500, 1, 100_000),
    DEMO_SANDBOX_IDLE_MINUTES: intInRange(30, 1, 10_080),
    DEMO_SANDBOX_MAX_ADDRESSES: intInRange(50, 1, 10_000),
    DEMO_SANDBOX_EVENTS_PER_MIN: intInRange(20, 1, 10_000),
    /** New demo sandboxes one client may make per hour (lib/server/sandbox/admission.ts). */
    DEMO_SANDBOX_NEW_PER_CLIENT_PER_HOUR: intInRange(10, 1, 100_000),
    /** Replayed transactions one sandbox keeps, in KB (its oldest go first). */
    DEMO_SANDBOX_MAX_KB: intInRange(64, 16, 65_536),
    /** Replayed transactions all sandboxes keep together, in MB (past it, a replay is refused). */
    DEMO_SANDBOX_TOTAL_MB: intInRange(16, 1, 65_536),
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'must be at least 32 characters',
    }),
    WEBHOOK_SECRET: optionalString,
    /** A delivered transaction older than this is acknowledged but not relayed (receiver.ts). */
    WEBHOOK_MAX_AGE_SECONDS: intInRange(600, 30, 129_600),
    /** Addresses or CIDR ranges that may POST /api/webhooks/tx (the upstream's); unset: any. */
    WEBHOOK_ALLOWED_IPS: optionalString.transform((v, ctx) => {
      if (v === undefined) return undefined;
      const entries = v.split(/[\s,]+/).filter(Boolean);
      for (const [i, entry] of entries.entries()) {
        if (!isAddressOrRange(entry)) {
          ctx.addIssue({
            code: 'custom',
            message: `entry ${i + 1} is not an IP address or CIDR range (e.g. 203.0.113.7 or 2001:db8::/32)`,
          });
          return z.NEVER;
        }
      }
      return entries;
    }),
    EMBED_ALLOWED_ORIGINS: optionalString.transform((v, ctx) => {
      if (v === undefined || v === '*') return v;
      const origins: string[] = [];
      for (const entry of v.split(/[\s,]+/).filter(Boolean)) {
        const origin = normaliseOrigin(entry);
        if (!origin) {
          ctx.addIssue({
            code: 'custom',
            message: `entry ${origins.length + 1} is not an origin (scheme://host[:port], e.g. https://news.example)`,
          });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins.join(' ');
    }),
    /**
     * Hosts the logo proxy (lib/server/logos.ts) may fetch from: names or `*.domain`, comma or space
     * separated; `none` turns logos off (initials show). Default: the hosts the upstream names.
     */
    LOGO_HOSTS: optionalString.transform((v, ctx) => {
      if (v === undefined) return DEFAULT_LOGO_HOSTS;
      if (v.trim().toLowerCase() === 'none') return [];
      const hosts: string[] = [];
      for (const entry of v
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean)) {
        if (!/^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(entry)) {
          ctx.addIssue({
            code: 'custom',
            message: `entry ${hosts.length + 1} is not a host name (e.g. assets.coingecko.com or *.example.com)`,
          });
          return z.NEVER;
        }
        hosts.push(entry);
      }
      return hosts;
    }),
    LOG_LEVEL: optionalString.refine(
      (v) =>
        v === undefined ||
        ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(v),
      { message: 'must be one of fatal, error, warn, info, debug, trace, silent' },
    ),
    /** Bearer token of /api/metrics; unset: the endpoint is off. */
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
      message: 'must be at least 16 characters',
    }),
    /** The cluster's Redis (lib/server/cluster): unset, everything stays in process. */
    REDIS_URL: optionalString.refine(
      (v) => {
        if (v === undefined) return true;
        try {
          const url = new URL(v);
          return (url.protocol === 'redis:' || url.protocol === 'rediss:') && !!url.hostname;
        } catch {
          return false;
        }
      },
      { message: 'must be a redis:// or rediss:// URL, e.g. rediss://default:token@host:6379' },
    ),
    /** A name for this instance in logs and /api/health (default: host name and process id). */
    INSTANCE_NAME: optionalString.refine((v) => v === undefined || /^[\w.-]{1,64}$/.test(v), {
      message: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
    }),
    /** 1: a missing upstream stops the start instead of serving the simulator's demo data. */
    PULSE_REQUIRE_UPSTREAM: flag,
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl,
    /**
     * Where this server keeps what must outlive a restart on one machine (session revocations, push
     * subscriptions and keys): lib/server/data-dir.ts. With REDIS_URL those live in Redis instead.
     */
    DATA_DIR: optionalString,
    /**
     * Web Push (lib/server/push, docs/push.md): the VAPID key pair that signs every push, both or
     * neither (unset: generated once and kept in DATA_DIR, or in Redis with REDIS_URL).
     */
    VAPID_PUBLIC_KEY: optionalString.refine((v) => v === undefined || base64urlBytes(v) === 65, {
      message: 'must be the base64url of an uncompressed P-256 public key (65 bytes)',
    }),
    VAPID_PRIVATE_KEY: optionalString.refine((v) => v === undefined || base64urlBytes(v) === 32, {
      message: 'must be the base64url of a P-256 private key (32 bytes)',
    }),
    /** Who runs this deployment, for push services: a mailto: or https: URL. */
    VAPID_SUBJECT: optionalString.refine(
      (v) => v === undefined || /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
      { message: 'must be a mailto: address or an https: URL, e.g. mailto:ops@example.com' },
    ),
    /** 1: push endpoints on loopback and private addresses, and over http (development and tests only). */
    PUSH_ALLOW_PRIVATE: flag,
    SIM_PORT: intInRange(4100, 1, 65_535),
    SIM_HOST: optionalString,
    SIM_SEED: optionalString,
    SIM_API_KEY: optionalString.refine((v) => v === undefined || v.length >= 8, {
      message: 'must be at least 8 characters',
    }),
    SIM_STATE_DIR: optionalString,
    SIM_TX_INTERVAL_MS: intInRange(4000, 100, 3_600_000),
    SIM_WEBHOOK_RETRY_BASE_MS: intInRange(5000, 10, 3_600_000),
    SIM_MAX_ADDRESSES: intInRange(10_000, 1, 1_000_000),
    SIM_WEBHOOK_ALLOW_PRIVATE: flag,
    SIM_CONTROL: flag,
    SIM_LOG_LEVEL: optionalString.refine(
      (v) => v === undefined || ['silent', 'info', 'debug'].includes(v),
      { message: 'must be silent, info or debug' },
    ),
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
    if (env.DASHBOARD_ACCESS === 'private' && !env.DASHBOARD_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['DASHBOARD_ACCESS'],
        message: 'private needs DASHBOARD_PASSWORD (nobody could sign in)',
      });
    }
    if (env.PULSE_REQUIRE_UPSTREAM === '1' && !env.UPSTREAM_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_BASE_URL'],
        message: 'is required: PULSE_REQUIRE_UPSTREAM=1 refuses to serve the built-in simulator',
      });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required with the other VAPID key (set both, or neither to generate them)',
      });
    } else if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && !vapidPair(env)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message:
          'does not belong to VAPID_PUBLIC_KEY (generate both with npx web-push generate-vapid-keys)',
      });
    }
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

/**
 * The public demo: the built-in simulator and no admin password. Every visitor then changes only a
 * sandbox of their own (lib/server/sandbox); with a password, changes need the admin session as upstream.
 */
export function sandboxMode(env: Env = getEnv()): boolean {
  return upstreamMode(env) === 'simulator' && !env.DASHBOARD_PASSWORD;
}
