/**
 * The admin session: an httpOnly, SameSite=Lax cookie holding `<expiry>.<hmac>`, signed with
 * SESSION_SECRET (or, when unset, a key derived from DASHBOARD_PASSWORD so that changing the password
 * ends every session). Stateless, so it works across serverless instances.
 */
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getEnv } from '../env';

export const SESSION_COOKIE = 'pulse_admin';
export const SESSION_TTL_SECONDS = 12 * 3600;

function signingKey(): string | null {
  const env = getEnv();
  if (!env.DASHBOARD_PASSWORD) return null;
  return (
    env.SESSION_SECRET ??
    createHmac('sha256', 'pulse-session').update(env.DASHBOARD_PASSWORD).digest('hex')
  );
}

function sign(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function createSessionToken(nowMs = Date.now()): string | null {
  const key = signingKey();
  if (!key) return null;
  const payload = `admin.${Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS}`;
  return `${payload}.${sign(payload, key)}`;
}

export function verifySessionToken(token: string | undefined, nowMs = Date.now()): boolean {
  const key = signingKey();
  if (!key || !token) return false;
  const dot = token.lastIndexOf('.');
  if (dot < 0) return false;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(payload, key));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expiry = Number(payload.split('.')[1]);
  return Number.isFinite(expiry) && expiry * 1000 > nowMs;
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export async function hasAdminSession(request: Request): Promise<boolean> {
  return verifySessionToken(readCookie(request, SESSION_COOKIE));
}

/** Constant-time password check. */
export function passwordMatches(candidate: string): boolean {
  const expected = getEnv().DASHBOARD_PASSWORD;
  if (!expected) return false;
  const a = createHmac('sha256', 'pw').update(candidate).digest();
  const b = createHmac('sha256', 'pw').update(expected).digest();
  return timingSafeEqual(a, b);
}
