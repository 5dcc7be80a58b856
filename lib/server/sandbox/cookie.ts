/**
 * The demo sandbox of a visitor: a signed anonymous cookie naming it (`pulse_demo=<id>.<hmac>`). The
 * id is random; the signature (SESSION_SECRET, or a key drawn per process) stops a visitor from
 * naming someone else's sandbox. Sandboxes live in the in-process simulator's memory, so a cookie
 * from before a restart simply starts a fresh one.
 */
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { getEnv, sandboxMode } from '../../config/env';
import { isHttps } from '../security/client-key';

export const SANDBOX_COOKIE = 'pulse_demo';
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{22}$/;

const KEY = Symbol.for('pulse.sandbox-secret');
type Holder = { [KEY]?: string };

function secret(): string {
  const fromEnv = getEnv().SESSION_SECRET;
  if (fromEnv) return `sandbox:${fromEnv}`;
  const holder = globalThis as Holder;
  holder[KEY] ??= randomBytes(32).toString('hex');
  return holder[KEY];
}

function mac(id: string): string {
  return createHmac('sha256', secret()).update(id).digest('base64url').slice(0, 32);
}

export function newSandboxId(): string {
  return randomBytes(16).toString('base64url');
}

export function sandboxCookieValue(id: string): string {
  return `${id}.${mac(id)}`;
}

/** The sandbox id of a well-signed cookie value, or null. */
export function verifySandbox(value: string | undefined | null): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  const id = value.slice(0, dot);
  if (dot < 0 || !ID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function sandboxOf(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  const match = /(?:^|;\s*)pulse_demo=([^;]*)/.exec(header);
  return verifySandbox(match?.[1]);
}

export function sandboxSetCookie(request: Request, id: string): string {
  const parts = [
    `${SANDBOX_COOKIE}=${sandboxCookieValue(id)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${MAX_AGE_SECONDS}`,
  ];
  if (isHttps(request)) parts.push('Secure');
  return parts.join('; ');
}

/** The visitor's sandbox for a server component (demo mode only; null elsewhere or without one). */
export async function pageSandbox(): Promise<string | null> {
  if (!sandboxMode()) return null;
  const { cookies } = await import('next/headers');
  return verifySandbox((await cookies()).get(SANDBOX_COOKIE)?.value);
}
