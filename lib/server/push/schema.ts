/**
 * What the push API accepts and what the push store keeps, validated on the way in (a browser's
 * request) and on the way back (a record read from disk or Redis is as untrusted as a request).
 *
 * Alerts (docs/push.md): `pool-price` judged on the pool's 1-minute candle closes, `token-price` on
 * the 3-second quotes, `wallet` on each transaction of a monitored address. `above` and `below` are
 * one-shot (disarmed once fired); `cross` fires on every crossing. Optional beyond the issue's
 * fields: `label` (the name the notification shows), `ref` (the browser's own id of the alert, so
 * its tab and its service worker show one notification) and `armed_at` (the browser's arming time:
 * an alert re-armed there is a new alert here).
 */
import 'server-only';
import { createHash, createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { checkAddress } from '../../core/address';
import { isRecord } from '../../core/values';
import { addressFamily, type AddressFamily } from '../../core/address/family';
import type { CrossCondition } from '../../core/crossing';
import { TX_CHAIN_TYPES } from '../../contracts/chain-types';
import { parsePoolRef } from '../../contracts/pool-ref-check';
import { DIRECTIONS, MAX_ALERTS, type Direction, type PushAlert } from '../../contracts/push';

// The wire types live with the contracts (the browser builds them too); the server's modules read
// them from here.
export { MAX_ALERTS };
export type {
  Direction,
  PoolPriceAlert,
  PriceAlert,
  PushAlert,
  TokenPriceAlert,
  WalletAlert,
} from '../../contracts/push';

const MAX_LABEL = 64;
const MAX_PRICE = 1e15;
const MAX_TIME = 8.64e15;

/** The crossing rule's names for the API's directions. */
export const CONDITION: Record<Direction, CrossCondition> = {
  above: 'up',
  below: 'down',
  cross: 'cross',
};

/** A browser's PushSubscription as stored: both keys are secrets, the endpoint too. */
export interface PushKeys {
  p256dh: string;
  auth: string;
}

export interface SubscriptionRecord {
  /** the SHA-256 of the capability the browser holds (the capability itself is never kept) */
  id: string;
  endpoint: string;
  keys: PushKeys;
  alerts: PushAlert[];
  /** the visitor's demo sandbox (wallet alerts follow its feed); null outside demo mode */
  scope: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AlertState {
  armed: boolean;
  /** the price the next one is judged from: heard when armed, then the last one that changed side */
  ref: number | null;
  firedAt: number | null;
  firedPrice: number | null;
  fires: number;
  /** random per arming: the firings' dedupe ids differ from an earlier alert with the same key */
  gen: string;
}

// ---- primitives ----

const cleanText = (v: string) =>
  // Control and bidi-override characters would garble (or disguise) the notification's text.
  v.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();

const label = z
  .string()
  .max(MAX_LABEL * 2)
  .transform((v) => cleanText(v).slice(0, MAX_LABEL))
  .optional();
const ref = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, dashes or underscores')
  .optional();
const armedAt = z.number().int().min(0).max(MAX_TIME).optional();
const direction = z.enum(DIRECTIONS, { message: 'must be above, below or cross' });
const price = z
  .union([z.number(), z.string().regex(/^\d{1,16}(\.\d{1,18})?$/, 'must be a decimal number')])
  .transform(Number)
  .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_PRICE, {
    message: `must be a number above 0 and at most ${MAX_PRICE}`,
  });
const chainId = z
  .union([z.number().int(), z.string().regex(/^\d{1,12}$/, 'must be a whole number')])
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= 1e12, {
    message: 'must be a whole number from 0',
  });

const PoolPriceInput = z.strictObject({
  kind: z.literal('pool-price'),
  chain_type: z.string().max(32),
  chain_id: chainId,
  pool_address: z.string().max(200),
  direction,
  price,
  label,
  ref,
  armed_at: armedAt,
});

const TokenPriceInput = z.strictObject({
  kind: z.literal('token-price'),
  token_id: z.number().int().min(1).max(1e12),
  fiat: z
    .string()
    .regex(/^[A-Za-z0-9]{2,10}$/, 'must be a fiat code such as USD')
    .transform((v) => v.toUpperCase()),
  direction,
  price,
  label,
  ref,
  armed_at: armedAt,
});

const WalletInput = z.strictObject({
  kind: z.literal('wallet'),
  address: z.string().max(200),
  chain_type: z
    .string()
    .max(32)
    .transform((v) => v.toLowerCase())
    .refine((v) => Object.prototype.hasOwnProperty.call(TX_CHAIN_TYPES, v), {
      message: `must be one of ${Object.keys(TX_CHAIN_TYPES).join(', ')}`,
    })
    .optional(),
  label,
  ref,
});

const AlertInput = z.discriminatedUnion('kind', [PoolPriceInput, TokenPriceInput, WalletInput], {
  error: (issue) =>
    issue.code === 'invalid_union' ? 'must be pool-price, token-price or wallet' : undefined,
});

const FAMILIES: readonly AddressFamily[] = ['evm', 'solana', 'tron', 'bitcoin'];

/** The alert in its one canonical form (chain aliases resolved, EVM addresses lowercase), or why not. */
function canonical(
  input: z.infer<typeof AlertInput>,
): { ok: true; alert: PushAlert } | { ok: false; field: string; message: string } {
  const strip = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
  if (input.kind === 'pool-price') {
    const pool = parsePoolRef(input.chain_type, String(input.chain_id), input.pool_address);
    if (!pool.ok) return { ok: false, field: pool.field, message: pool.reason };
    return {
      ok: true,
      alert: strip({
        ...input,
        chain_type: pool.ref.chainType,
        chain_id: pool.ref.chainId,
        pool_address: pool.ref.address,
      }),
    };
  }
  if (input.kind === 'token-price') return { ok: true, alert: strip(input) };
  const address = input.address.trim();
  const families = input.chain_type
    ? [addressFamily(input.chain_type)].filter((f): f is AddressFamily => f !== null)
    : FAMILIES;
  const family = families.find((f) => checkAddress(f, address).ok);
  if (!family) {
    const why = input.chain_type
      ? (() => {
          const check = checkAddress(families[0] ?? 'evm', address);
          return check.ok ? 'not an address' : check.reason;
        })()
      : 'not an EVM, Solana, Tron or Bitcoin address';
    return { ok: false, field: 'address', message: why };
  }
  const normalized = family === 'evm' || /^bc1/i.test(address) ? address.toLowerCase() : address;
  return { ok: true, alert: strip({ ...input, address: normalized }) };
}

/** The key of an alert: what it watches and when it fires (not its label or the browser's id). */
export function alertKey(alert: PushAlert): string {
  const parts =
    alert.kind === 'pool-price'
      ? [
          alert.kind,
          alert.chain_type,
          alert.chain_id,
          alert.pool_address,
          alert.direction,
          alert.price,
          alert.armed_at ?? null,
        ]
      : alert.kind === 'token-price'
        ? [
            alert.kind,
            alert.token_id,
            alert.fiat,
            alert.direction,
            alert.price,
            alert.armed_at ?? null,
          ]
        : [alert.kind, alert.address, alert.chain_type ?? null];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function issueText(issue: z.core.$ZodIssue, prefix: string, input: unknown): string {
  const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`));
  const where = `${prefix}${path.join('')}`.replace(/^\./, '');
  if (issue.code === 'unrecognized_keys')
    return `${where || 'body'}: unknown field ${issue.keys.join(', ')}`;
  let value: unknown = input;
  for (const p of issue.path)
    value =
      isRecord(value) || Array.isArray(value)
        ? (value as Record<PropertyKey, unknown>)[p]
        : undefined;
  if (value === undefined && issue.path.length > 0) return `${where}: is required`;
  return `${where || 'body'}: ${issue.message}`;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The alerts of a request, canonical and without duplicates (the first of equal ones is kept). */
export function parseAlerts(raw: unknown): Parsed<PushAlert[]> {
  if (!Array.isArray(raw)) return { ok: false, message: 'alerts: must be a list' };
  if (raw.length > MAX_ALERTS)
    return { ok: false, message: `alerts: at most ${MAX_ALERTS} per subscription` };
  const out: PushAlert[] = [];
  const seen = new Set<string>();
  for (const [i, item] of raw.entries()) {
    const parsed = AlertInput.safeParse(item);
    if (!parsed.success) {
      return { ok: false, message: issueText(parsed.error.issues[0]!, `alerts[${i}]`, item) };
    }
    const result = canonical(parsed.data);
    if (!result.ok)
      return { ok: false, message: `alerts[${i}].${result.field}: ${result.message}` };
    const key = alertKey(result.alert);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(result.alert);
  }
  return { ok: true, value: out };
}

const B64URL = /^[A-Za-z0-9_-]+$/;

const SubscriptionInput = z.strictObject({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().max(200).regex(B64URL, 'must be base64url'),
    auth: z.string().max(100).regex(B64URL, 'must be base64url'),
  }),
});

/** A browser's PushSubscription JSON: its keys must be a P-256 point and a 16-byte secret. */
export function parseSubscription(raw: unknown): Parsed<{ endpoint: string; keys: PushKeys }> {
  const parsed = SubscriptionInput.safeParse(raw);
  if (!parsed.success)
    return { ok: false, message: issueText(parsed.error.issues[0]!, 'subscription', raw) };
  const { endpoint, keys } = parsed.data;
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    return { ok: false, message: 'subscription.keys.auth: must be 16 bytes (base64url)' };
  if (!isP256Point(keys.p256dh))
    return {
      ok: false,
      message: 'subscription.keys.p256dh: must be an uncompressed P-256 public key (base64url)',
    };
  return { ok: true, value: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}

/** Whether the text is an uncompressed point on the P-256 curve (encryption to it would throw). */
export function isP256Point(b64: string): boolean {
  const bytes = Buffer.from(b64, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    // Node refuses a point that is not on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

// ---- records read back from the store ----

const StoredAlert = z.union([
  PoolPriceInput.extend({ chain_id: z.number().int().min(0) }),
  TokenPriceInput,
  WalletInput,
]);

const StoredRecord = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  endpoint: z.string().min(1).max(2048),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
  alerts: z.array(z.unknown()).max(MAX_ALERTS),
  scope: z.string().max(64).nullable(),
  createdAt: z.number().int().min(0),
  updatedAt: z.number().int().min(0),
});

/** A stored record, or null when any part of it is not what this version writes. */
export function readRecord(raw: unknown): SubscriptionRecord | null {
  const parsed = StoredRecord.safeParse(raw);
  if (!parsed.success || !isP256Point(parsed.data.keys.p256dh)) return null;
  const alerts: PushAlert[] = [];
  for (const item of parsed.data.alerts) {
    const alert = StoredAlert.safeParse(item);
    if (!alert.success) return null;
    const result = canonical(alert.data);
    if (!result.ok) return null;
    alerts.push(result.alert);
  }
  return { ...parsed.data, alerts };
}

const StoredState = z.object({
  armed: z.boolean(),
  ref: z.number().finite().nullable(),
  firedAt: z.number().int().min(0).nullable(),
  firedPrice: z.number().finite().nullable(),
  fires: z.number().int().min(0),
  gen: z.string().regex(/^[A-Za-z0-9_-]{1,24}$/),
});

export function readState(raw: unknown): AlertState | null {
  const parsed = StoredState.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The hashed id a capability is stored under. */
export function recordId(capability: string): string {
  return createHash('sha256').update(capability).digest('base64url');
}

export const CAPABILITY = /^[A-Za-z0-9_-]{22}$/;
