import { timingSafeEqual } from 'node:crypto';

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Constant-time comparison of the request's `X-API-Key` with the simulator's key. */
export function hasValidKey(headers: Headers, apiKey: string): boolean {
  const given = headers.get('x-api-key');
  return !!given && same(given, apiKey);
}

/**
 * The key of a demo sandbox's own application: the operator key with the sandbox id appended. Only
 * the in-process simulator accepts them (`SimConfig.sandboxes`); whoever holds the operator key is the
 * dashboard's server itself, so it may act as any of its visitors' sandboxes.
 */
export function sandboxApiKey(apiKey: string, sandbox: string): string {
  return `${apiKey}:sandbox:${sandbox}`;
}

const SANDBOX_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Which application a key names: `''` for the operator's, a sandbox id for a sandbox's, null for no
 * valid key. Sandbox keys count only when `sandboxes` is on.
 */
export function applicationOf(headers: Headers, apiKey: string, sandboxes: boolean): string | null {
  const given = headers.get('x-api-key');
  if (!given) return null;
  if (same(given, apiKey)) return '';
  if (!sandboxes) return null;
  const prefix = `${apiKey}:sandbox:`;
  const id = given.slice(prefix.length);
  return same(given.slice(0, prefix.length), prefix) && SANDBOX_ID.test(id) ? id : null;
}
