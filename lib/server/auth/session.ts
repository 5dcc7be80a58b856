/**
 * The admin session: an httpOnly, SameSite=Lax cookie holding `v2.<id>.<expiry>.<hmac>`. The signing
 * key always depends on DASHBOARD_PASSWORD, so a new password ends every session: with
 * SESSION_SECRET it is an HMAC of the password under that secret; without, a key derived from the
 * password with scrypt (a stolen cookie then gives no fast oracle on the password). Over HTTPS it is
 * `__Host-pulse_admin` with `Secure` (no Domain, Path=/: no subdomain can plant or read it); over
 * plain HTTP (a local `next start`) it is `pulse_admin`. Sign-out revokes the id server-side, and the
 * revocation outlives a restart (lib/server/auth/revocation.ts), so a copied cookie dies with it.
 */
import 'server-only';
import { createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { getEnv } from '../../config/env';
import { isHttps } from '../security/client-key';
import { revocations, type RevocationState } from './revocation';

export const SESSION_COOKIE = 'pulse_admin';
const SECURE_SESSION_COOKIE = '__Host-pulse_admin';
export const SESSION_TTL_SECONDS = 12 * 3600;

const derived = new Map<string, string>();

function signingKey(): string | null {
  const env = getEnv();
  if (!env.DASHBOARD_PASSWORD) return null;
  if (env.SESSION_SECRET) {
    // Both: the secret keeps the key out of reach of a password guess, the password ends sessions.
    return createHmac('sha256', env.SESSION_SECRET)
      .update(`pulse-session-v2\0${env.DASHBOARD_PASSWORD}`)
      .digest('hex');
  }
  let key = derived.get(env.DASHBOARD_PASSWORD);
  if (!key) {
    // N=2^15, r=8: ~32 MB and tens of ms, once per process.
    key = scryptSync(env.DASHBOARD_PASSWORD, 'pulse-session-v2', 32, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    }).toString('hex');
    derived.clear();
    derived.set(env.DASHBOARD_PASSWORD, key);
  }
  return key;
}

function sign(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export interface SessionClaims {
  id: string;
  /** Unix seconds */
  expiry: number;
}

export function createSessionToken(nowMs = Date.now()): string | null {
  const key = signingKey();
  if (!key) return null;
  const id = randomBytes(16).toString('base64url');
  const payload = `v2.${id}.${Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS}`;
  return `${payload}.${sign(payload, key)}`;
}

/** The claims of a well-signed, unexpired token (revocation is checked separately). */
function readSessionToken(token: string | undefined, nowMs = Date.now()): SessionClaims | null {
  const key = signingKey();
  if (!key || !token || token.length > 200) return null;
  const dot = token.lastIndexOf('.');
  if (dot < 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(payload, key));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, id, rawExpiry] = payload.split('.');
  const expiry = Number(rawExpiry);
  if (version !== 'v2' || !id || !Number.isSafeInteger(expiry) || expiry * 1000 <= nowMs)
    return null;
  return { id, expiry };
}

/** A cookie's value, or undefined; a malformed value (a stray `%`) reads as no cookie, never a 500. */
function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function sessionCookieName(request: Request): string {
  return isHttps(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export type SessionState =
  { state: 'none' } | { state: Exclude<RevocationState, 'revoked'>; claims: SessionClaims };

/**
 * The request's session: `valid`, or `unknown` when its revocation cannot be checked (the cluster's
 * Redis is unreachable and this process has not seen it revoked); `none` without a live session.
 */
export async function sessionState(request: Request): Promise<SessionState> {
  const claims = readSessionToken(readCookie(request, sessionCookieName(request)));
  if (!claims) return { state: 'none' };
  const revoked = await revocations().check(claims.id);
  return revoked === 'revoked' ? { state: 'none' } : { state: revoked, claims };
}

/**
 * The admin's claims for reading, or null. A session whose revocation cannot be checked reads on
 * (changes fail closed instead: lib/server/auth/access.ts).
 */
export async function adminSession(request: Request): Promise<SessionClaims | null> {
  const session = await sessionState(request);
  return session.state === 'none' ? null : session.claims;
}

export async function hasAdminSession(request: Request): Promise<boolean> {
  return (await adminSession(request)) !== null;
}

/** Constant-time password check. */
export function passwordMatches(candidate: string): boolean {
  const expected = getEnv().DASHBOARD_PASSWORD;
  if (!expected) return false;
  const a = createHmac('sha256', 'pw').update(candidate).digest();
  const b = createHmac('sha256', 'pw').update(expected).digest();
  return timingSafeEqual(a, b);
}
