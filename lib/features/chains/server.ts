/**
 * Chain look-ups for server components, through the gateway in-process (same validation, failure
 * envelopes and key handling as the browser's calls).
 */
import 'server-only';
import { gatewayCall } from '../../server/gateway/in-process';
import { ChainData, type ChainItem } from '../../contracts/price/schema';

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
  const result = await gatewayCall('price', `/chains/${id}`);
  if (!result.ok)
    return result.code === 20002 ? { kind: 'missing' } : { kind: 'error', message: result.message };
  const parsed = ChainData.safeParse(result.data);
  if (!parsed.success)
    return {
      kind: 'error',
      message: 'The price service answered with a chain in an unexpected shape.',
    };
  const chain = parsed.data.items[0];
  return chain ? { kind: 'found', chain } : { kind: 'missing' };
}
