/**
 * POST /api/auth/login and /api/auth/logout: the admin session cookie (httpOnly, SameSite=Lax, Secure
 * over https, signed: lib/auth/session.ts). The password is compared in constant time and never
 * logged or echoed.
 */
import 'server-only';
import { getEnv } from '../env';
import { sameOrigin } from '../gateway/policy';
import { FailureLimiter } from './rate-limit';
import {
  createSessionToken,
  passwordMatches,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from './session';

const KEY = Symbol.for('pulse.login-limiter');
type Holder = { [KEY]?: FailureLimiter };

function limiter(): FailureLimiter {
  const holder = globalThis as Holder;
  holder[KEY] ??= new FailureLimiter();
  return holder[KEY];
}

function json(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { message },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

function isHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(':', '')) === 'https';
}

function cookie(request: Request, value: string, maxAge: number): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
  ];
  if (isHttps(request)) parts.push('Secure');
  return parts.join('; ');
}

function clientKey(request: Request): string {
  return (
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    request.headers.get('x-real-ip') ||
    'local'
  );
}

async function readPassword(request: Request): Promise<string | null> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const body = (await request.json()) as { password?: unknown };
      return typeof body?.password === 'string' ? body.password : null;
    }
    const form = await request.formData();
    const value = form.get('password');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export async function handleLogin(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return json(403, 'Cross-origin sign-in is refused.');
  if (!getEnv().DASHBOARD_PASSWORD) {
    return json(
      409,
      'No admin password is set on this deployment: set DASHBOARD_PASSWORD to require sign-in.',
    );
  }
  const key = clientKey(request);
  const wait = limiter().blockedFor(key);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    return json(429, `Too many failed attempts: try again in ${seconds} s.`, {
      'retry-after': String(seconds),
    });
  }
  const password = await readPassword(request);
  if (password === null || password.length > 1024)
    return json(400, 'Send the password as {"password": "..."}.');
  if (!passwordMatches(password)) {
    limiter().fail(key);
    return json(401, 'Wrong password.');
  }
  limiter().reset(key);
  const token = createSessionToken();
  if (!token) return json(500, 'The session could not be created.');
  return json(200, 'Signed in.', { 'set-cookie': cookie(request, token, SESSION_TTL_SECONDS) });
}

export async function handleLogout(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return json(403, 'Cross-origin sign-out is refused.');
  return json(200, 'Signed out.', { 'set-cookie': cookie(request, '', 0) });
}
