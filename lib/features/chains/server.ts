/** Chain look-ups for server components, through the price service's typed client. */
import 'server-only';
import type { ChainItem } from '../../contracts/price/schema';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';

export type ChainLookup =
  { kind: 'found'; chain: ChainItem } | { kind: 'missing' } | { kind: 'error'; message: string };

/** A positive decimal integer of at most 15 digits, or null: the only ids `/chains/[id]` accepts. */
export function parseChainId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** `chains/{id}`; the seed's not-found answer (HTTP 200, code 20002) is `missing`. */
export async function lookupChainById(id: number): Promise<ChainLookup> {
  const result = await load(() => priceClient.chain(String(id)));
  if (!result.ok) return { kind: 'error', message: result.message };
  return result.value ? { kind: 'found', chain: result.value } : { kind: 'missing' };
}
