/**
 * Path pattern matching shared by the simulator's router and the gateway's allowlist:
 * `/chains/:id_or_name` against decoded path segments. A parameter never spans a `/`.
 */
export type Params = Record<string, string>;

export function splitPattern(pattern: string): string[] {
  return pattern.split('/').filter((s) => s.length > 0);
}

/** `segments` are already percent-decoded. */
export function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Params | null {
  if (pattern.length !== segments.length) return null;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const part = segments[i] as string;
    if (p.startsWith(':')) {
      if (part.length === 0 || part.includes('/')) return null;
      params[p.slice(1)] = part;
    } else if (p !== part) {
      return null;
    }
  }
  return params;
}

/** Splits a raw URL path into decoded segments; null when a segment is not valid percent-encoding. */
export function decodeSegments(path: string): string[] | null {
  const out: string[] = [];
  for (const raw of path.split('/')) {
    if (raw.length === 0) continue;
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}
