/**
 * The upstream query, rebuilt from the endpoint's own parameters (lib/contracts): unknown names are
 * dropped (`no_cache=true`, `&_=random` never reach the upstream, so they neither spend its quota nor
 * split the shared cache), a parameter given twice is refused (the validator and the upstream might
 * read different copies), and the order is the contract's, so one request has one cache key.
 */
import type { Endpoint } from './types';

export type CanonicalQuery =
  { ok: true; params: URLSearchParams; search: string } | { ok: false; duplicate: string };

export function canonicalQuery(endpoint: Endpoint, incoming: URLSearchParams): CanonicalQuery {
  const params = new URLSearchParams();
  const parts: string[] = [];
  for (const spec of endpoint.query ?? []) {
    const name = typeof spec === 'string' ? spec : spec.name;
    const names = typeof spec === 'string' ? [spec] : [spec.name, ...spec.aliases];
    const values = names.flatMap((n) => incoming.getAll(n));
    if (values.length > 1) return { ok: false, duplicate: name };
    const value = values[0];
    if (value === undefined) continue;
    params.set(name, value);
    // Commas stay literal: `ids=1,2,3` is how the seed writes a list.
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`);
  }
  return { ok: true, params, search: parts.length > 0 ? `?${parts.join('&')}` : '' };
}
