/**
 * State-changing requests: only through a Host we serve, and only from our own pages. A browser
 * always sends Origin on POST/PUT/PATCH/DELETE; a request without one (curl, a script) is accepted
 * only with the admin session. The Host must be on ALLOWED_HOSTS (plus the platform's own hosts and
 * loopback), which stops DNS rebinding: a page of another site that points its name at this server
 * still sends its own name as Host. X-Forwarded-Host is not read: a client sets it freely.
 */
import 'server-only';
import { getEnv } from '../../config/env';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

function allowedHosts(): string[] {
  const env = getEnv();
  const configured = (env.ALLOWED_HOSTS ?? '').split(/[\s,]+/).filter(Boolean);
  const platform = [
    process.env.VERCEL_URL,
    process.env.VERCEL_BRANCH_URL,
    process.env.VERCEL_PROJECT_PRODUCTION_URL,
  ].filter((h): h is string => !!h);
  return [...configured, ...platform, ...LOOPBACK].map((h) => h.toLowerCase());
}

/** `example.com` matches any port, `example.com:8443` that port only, `*.example.com` subdomains. */
export function hostAllowed(host: string | null, allowed = allowedHosts()): boolean {
  if (!host) return false;
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return allowed.some((entry) => {
    if (entry === h || entry === name) return true;
    if (entry.startsWith('*.')) return name.endsWith(entry.slice(1)) && name !== entry.slice(2);
    return false;
  });
}

export type OriginCheck = { ok: true } | { ok: false; message: string };

export function checkStateChange(request: Request, opts: { signedIn: boolean }): OriginCheck {
  const host = request.headers.get('host');
  if (!hostAllowed(host)) {
    return {
      ok: false,
      message: 'This host is not on ALLOWED_HOSTS: changes are refused.',
    };
  }
  const origin = request.headers.get('origin');
  if (origin === null) {
    return opts.signedIn
      ? { ok: true }
      : { ok: false, message: 'Changes need a request from this site (no Origin was sent).' };
  }
  try {
    if (new URL(origin).host.toLowerCase() === host?.trim().toLowerCase()) return { ok: true };
  } catch {
    // "null" or garbage: not ours
  }
  return { ok: false, message: 'Cross-origin changes are refused.' };
}
