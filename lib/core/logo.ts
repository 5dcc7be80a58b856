/**
 * Where the browser loads an upstream-named logo from: our own logo proxy (`/api/logo`,
 * lib/server/logos.ts), never the host itself, at twice the displayed size for sharp edges on
 * high-density screens. Anything but an https URL has no logo (the initials show).
 */
export function logoSrc(src: string | null | undefined, size: number): string | null {
  if (!src || !/^https:\/\//i.test(src.trim()) || src.length > 2048) return null;
  return `/api/logo?url=${encodeURIComponent(src.trim())}&w=${Math.ceil(size * 2)}`;
}

/** What an icon shows without a logo: the symbol's first letters and digits (2 or 3), or `?`. */
export function iconInitials(symbol: string): string {
  return (
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, symbol.length > 4 ? 2 : 3)
      .toUpperCase() || '?'
  );
}

/** The hue (0..359) of a symbol's icon: the same symbol, the same colour, on every page. */
export function iconHue(symbol: string): number {
  let hash = 0;
  for (const ch of symbol) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}
