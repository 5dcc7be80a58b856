import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of the request's `X-API-Key` with the simulator's key. */
export function hasValidKey(headers: Headers, apiKey: string): boolean {
  const given = headers.get('x-api-key');
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(apiKey);
  return a.length === b.length && timingSafeEqual(a, b);
}
