/**
 * Who is asking, for the per-client limits: never a header the client controls.
 *
 * - `CLIENT_IP_HEADER` set: that header, which the operator's proxy sets itself (its last value).
 * - `TRUSTED_PROXY_HOPS=n`: the n-th address from the right of X-Forwarded-For (each of n proxies
 *   appends the address it saw, so that entry was written by the outermost trusted one).
 * - on Vercel (default): `x-vercel-forwarded-for`, which Vercel overwrites at its edge.
 * - otherwise: the TCP peer (lib/server/security/peer.ts).
 *
 * IPv6 clients are keyed by their /64: one host usually holds the whole prefix.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { peerHeaderName } from './peer';

export function clientKey(request: Request): string {
  return normalize(clientAddress(request));
}

export function clientAddress(request: Request): string {
  const env = getEnv();
  const headers = request.headers;
  if (env.CLIENT_IP_HEADER) return lastValue(headers.get(env.CLIENT_IP_HEADER));
  if (env.TRUSTED_PROXY_HOPS > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return chain[chain.length - env.TRUSTED_PROXY_HOPS] ?? 'unknown';
  }
  if (process.env.VERCEL) return firstValue(headers.get('x-vercel-forwarded-for'));
  const peer = peerHeaderName();
  return (peer && headers.get(peer)) || 'unknown';
}

/**
 * Whether the request reached us over HTTPS, decided without trusting the client: Vercel serves
 * HTTPS only; behind a proxy the operator declared (CLIENT_IP_HEADER or TRUSTED_PROXY_HOPS), that
 * proxy's X-Forwarded-Proto; a bare `next start` serves plain HTTP whatever a client claims.
 */
export function isHttps(request: Request): boolean {
  if (process.env.VERCEL) return true;
  const env = getEnv();
  if (env.CLIENT_IP_HEADER || env.TRUSTED_PROXY_HOPS > 0) {
    return lastValue(request.headers.get('x-forwarded-proto')).toLowerCase() === 'https';
  }
  return false;
}

function lastValue(raw: string | null): string {
  const parts = (raw ?? '').split(',');
  return parts[parts.length - 1]?.trim() || 'unknown';
}

function firstValue(raw: string | null): string {
  return (raw ?? '').split(',')[0]?.trim() || 'unknown';
}

function normalize(address: string): string {
  const a = address.replace(/^::ffff:/i, '').toLowerCase();
  if (!a.includes(':')) return a;
  // expand just enough to cut the /64: the first four groups
  const [head = '', tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}
