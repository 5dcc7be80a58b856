/**
 * Where the browser loads an upstream-named logo from: our own logo proxy (`/api/logo`,
 * lib/server/logos.ts), never the host itself, at twice the displayed size for sharp edges on
 * high-density screens. Anything but an https URL has no logo (the initials show).
 */
export function logoSrc(src: string | null | undefined, size: number): string | null {
  if (!src || !/^https:\/\//i.test(src.trim()) || src.length > 2048) return null;
  return `/api/logo?url=${encodeURIComponent(src.trim())}&w=${Math.ceil(size * 2)}`;
}
