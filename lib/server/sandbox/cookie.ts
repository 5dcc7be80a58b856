/**
 * The demo sandbox of a visitor: a signed anonymous cookie naming it (`<id>.<hmac>`). The id is
 * random; the signature (SESSION_SECRET, or a key drawn per process) stops a visitor from naming
 * someone else's sandbox. A cookie is free: the sandbox itself is made only by the visitor's first
 * change, within the limits of lib/server/sandbox/admission.ts.
 *
 * Over HTTPS the cookie is `__Host-pulse_demo` with `Secure` (no Domain, Path=/): a sibling subdomain
 * cannot plant one, so nobody can pin a victim to a sandbox the attacker watches. The old name is not
 * read over HTTPS, not even during a migration: accepting it would keep exactly that door open, and
 * all it costs is one fresh sandbox per visitor, which every restart or deployment costs anyway
 * (sandboxes live in memory). Plain HTTP (a local `next start`) keeps `pulse_demo`.
 */
import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { processGlobal } from '../../core/process-global';
import { getEnv, sandboxMode } from '../../config/env';
import { isHttps } from '../security/client-key';
import { liveSandbox } from './directory';

const SANDBOX_COOKIE = 'pulse_demo';
const SECURE_SANDBOX_COOKIE = '__Host-pulse_demo';
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{22}$/;

function secret(): string {
  const fromEnv = getEnv().SESSION_SECRET;
  if (fromEnv) return `sandbox:${fromEnv}`;
  return processGlobal('pulse.sandbox-secret', () => randomBytes(32).toString('hex'));
}

function mac(id: string): string {
  return createHmac('sha256', secret()).update(id).digest('base64url').slice(0, 32);
}

export function newSandboxId(): string {
  return randomBytes(16).toString('base64url');
}

function sandboxCookieValue(id: string): string {
  return `${id}.${mac(id)}`;
}

/** The sandbox id of a well-signed cookie value, or null. */
function verifySandbox(value: string | undefined | null): string | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  const id = value.slice(0, dot);
  if (dot < 0 || !ID.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(mac(id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The cookie's name for this request: `__Host-` over HTTPS. */
function sandboxCookieName(https: boolean): string {
  return https ? SECURE_SANDBOX_COOKIE : SANDBOX_COOKIE;
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The sandbox a request's cookie names (it may not exist yet: see admission.ts). */
export function sandboxOf(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  return verifySandbox(cookieValue(header, sandboxCookieName(isHttps(request))));
}

export function sandboxSetCookie(request: Request, id: string): string {
  const https = isHttps(request);
  const parts = [
    `${sandboxCookieName(https)}=${sandboxCookieValue(id)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${MAX_AGE_SECONDS}`,
  ];
  if (https) parts.push('Secure');
  return parts.join('; ');
}

/** The visitor's sandbox id for a server component (demo mode only; null elsewhere or without one). */
async function pageSandboxId(): Promise<string | null> {
  if (!sandboxMode()) return null;
  const { headers } = await import('next/headers');
  // The page's request, as far as the cookie's name and value go.
  const all = await headers();
  const request = new Request('http://page.internal/', { headers: all });
  return sandboxOf(request);
}

/** The visitor's sandbox for a server component, when it exists (else the shared demo: null). */
export async function pageSandbox(): Promise<string | null> {
  return liveSandbox(await pageSandboxId());
}
