/**
 * Where to go after sign-in: a path of this site only. Browsers drop tabs and newlines inside URLs
 * and read `\` as `/`, so `/%09/evil.example` and `/\evil.example` become `//evil.example`, another
 * site; the path is therefore resolved the way a browser would and kept only when it stays on our
 * origin. Shared by the login page (server) and its form (browser).
 */
const BASE = 'http://pulse.invalid';

export function safeNextPath(raw: unknown, fallback = '/settings'): string {
  const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  // Only a path: no scheme, no authority, no backslash, no control or whitespace character.
  if (!value.startsWith('/') || /[\\\u0000-\u0020\u007f]/.test(value)) return fallback;
  if (value.startsWith('//')) return fallback;
  // The same rules once decoded: `/%09/evil.example` is harmless as a URL, but nothing of ours needs
  // an encoded control character, backslash or leading `//`, and a later decode must not make one.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? fallback : path;
}
