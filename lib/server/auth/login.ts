/**
 * POST /api/auth/login and /api/auth/logout: the admin session cookie (lib/server/auth/session.ts). The
 * password is compared in constant time and never logged or echoed.
 *
 * Guessing is limited per client (the trusted client key, lib/server/security/client-key.ts): every attempt
 * spends a point before its body is read, so parallel slow requests get no extra guesses, and a
 * successful sign-in gives the points back. Across all clients: each attempt waits a second while
 * failures run above LOGIN_SLOWDOWN_AFTER_PER_MIN, and at most LOGIN_MAX_CONCURRENT passwords are
 * checked at once (the wait included; with REDIS_URL across the cluster), so many addresses together
 * get at most that many guesses a second while slowed down. An attempt waits up to 2 s for a place,
 * then gets 429 with Retry-After 1 and its point back; the body is read before a place is taken, so slow senders
 * hold none. No client can lock the admin out for longer than the attack lasts.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { readCappedText } from '../security/body';
import { clientKey, isHttps } from '../security/client-key';
import { holds, rateLimit } from '../security/limits';
import { checkStateChange } from '../security/origin';
import { revocations } from './revocation';
import {
  adminSession,
  createSessionToken,
  passwordMatches,
  sessionCookieName,
  SESSION_TTL_SECONDS,
} from './session';

const MAX_LOGIN_BODY_BYTES = 4096;
const SLOWDOWN_MS = 1000;

function json(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { message },
    { status, headers: { 'cache-control': 'no-store', ...headers } },
  );
}

function cookie(request: Request, value: string, maxAge: number): string {
  const parts = [
    `${sessionCookieName(request)}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
  ];
  if (isHttps(request)) parts.push('Secure');
  return parts.join('; ');
}

function limits() {
  const env = getEnv();
  return {
    perClient: rateLimit('login', {
      points: env.LOGIN_MAX_ATTEMPTS,
      durationSeconds: env.LOGIN_WINDOW_SECONDS,
    }),
    failures: rateLimit('login-failures', {
      points: env.LOGIN_SLOWDOWN_AFTER_PER_MIN,
      durationSeconds: 60,
    }),
  };
}

/** How long an attempt waits for a place among the LOGIN_MAX_CONCURRENT before its 429. */
const PLACE_WAIT_MS = 2000;

/** A place to check a password in, waiting a little for one (two people signing in at once). */
async function checkingPlace(max: number): Promise<(() => void) | null> {
  const deadline = Date.now() + PLACE_WAIT_MS;
  for (;;) {
    const hold = await holds().acquire('login:checks', [], { holds: max });
    if (hold.ok) return hold.release;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 40));
  }
}

function readPassword(type: string, text: string): string | null {
  try {
    if (type.includes('application/json')) {
      const body = JSON.parse(text) as { password?: unknown } | null;
      return typeof body?.password === 'string' ? body.password : null;
    }
    if (type.includes('application/x-www-form-urlencoded')) {
      return new URLSearchParams(text).get('password');
    }
  } catch {
    // not JSON
  }
  return null;
}

export async function handleLogin(request: Request): Promise<Response> {
  const origin = checkStateChange(request, { signedIn: false });
  if (!origin.ok) return json(403, origin.message);
  if (!getEnv().DASHBOARD_PASSWORD) {
    return json(
      409,
      'No admin password is set on this deployment: set DASHBOARD_PASSWORD to require sign-in.',
    );
  }
  const { perClient, failures } = limits();
  const key = clientKey(request);
  const attempt = await perClient.take(key);
  if (!attempt.ok) {
    await request.body?.cancel().catch(() => undefined);
    const s = attempt.retryAfterSeconds;
    return json(429, `Too many sign-in attempts: try again in ${s} s.`, {
      'retry-after': String(s),
    });
  }
  const body = await readCappedText(request, MAX_LOGIN_BODY_BYTES);
  if (!body.ok) {
    if (body.reason === 'too-large')
      return json(413, `The body is too large (limit ${MAX_LOGIN_BODY_BYTES} bytes).`);
    return body.reason === 'timeout'
      ? json(408, 'The request body did not arrive in time.')
      : json(400, 'The request was cut off.');
  }
  const password = readPassword(request.headers.get('content-type') ?? '', body.text);
  if (password === null || password.length > 1024)
    return json(400, 'Send the password as {"password": "..."}.');
  const release = await checkingPlace(getEnv().LOGIN_MAX_CONCURRENT);
  if (!release) {
    // Not a guess: the client's point goes back.
    await perClient.reward(key);
    return json(429, 'Too many sign-in attempts in progress: try again in 1 s.', {
      'retry-after': '1',
    });
  }
  try {
    if ((await failures.spent('all')) >= getEnv().LOGIN_SLOWDOWN_AFTER_PER_MIN) {
      await new Promise((resolve) => setTimeout(resolve, SLOWDOWN_MS));
    }
    if (!passwordMatches(password)) {
      await failures.take('all');
      return json(401, 'Wrong password.');
    }
  } finally {
    release();
  }
  await perClient.reset(key);
  const token = createSessionToken();
  if (!token) return json(500, 'The session could not be created.');
  return json(200, 'Signed in.', { 'set-cookie': cookie(request, token, SESSION_TTL_SECONDS) });
}

export async function handleLogout(request: Request): Promise<Response> {
  const session = await adminSession(request);
  const origin = checkStateChange(request, { signedIn: session !== null });
  if (!origin.ok) return json(403, origin.message);
  if (session) await revocations().revoke(session.id, session.expiry * 1000);
  return json(200, 'Signed out.', { 'set-cookie': cookie(request, '', 0) });
}
