/**
 * Which look-ups a palette query starts, bounded. The seeds name no chain-free way to find a pool or a
 * transaction: `pools` takes chain_type + chain_id + pool_address, `transactions/{hash}` takes
 * chain_type + chain_id. So an address is tried on the chains of its format (at most MAX_POOL_PROBES,
 * from the price service's chain list) and a hash on the tx service's chains of its format (a fixed
 * list of at most seven), once per settled query (the palette debounces, and React Query cancels
 * the look-ups of a query that was replaced).
 */
import type { AddressFamily } from '../../core/address';
import type { ChainType } from '../../contracts/chain-types';
import type { ChainItem } from '../../contracts/price/schema';
import type { PoolRef } from '../../contracts/pool-ref';
import { TX_CHAINS, type TxChainInfo } from '../wallets/chains';
import type { QueryClass } from './classify';

export const MAX_POOL_PROBES = 6;

/** The price service's chain type of each address family that has pools. */
const POOL_CHAIN_TYPE: Partial<Record<AddressFamily, ChainType>> = {
  evm: 'evm',
  solana: 'svm',
  tron: 'tvm',
};

export interface PoolProbe {
  ref: PoolRef;
  /** the chain's name, for the result row */
  chain: string;
}

/**
 * The pools an address may be: one probe per chain of its family in the price service's list (in
 * the list's order), at most MAX_POOL_PROBES. EVM addresses are lowercased, as the pool page does.
 */
export function poolProbes(q: QueryClass, chains: readonly ChainItem[]): PoolProbe[] {
  if (q.kind !== 'address') return [];
  const chainType = POOL_CHAIN_TYPE[q.family];
  if (!chainType) return [];
  const address = chainType === 'evm' ? q.address.toLowerCase() : q.address;
  const seen = new Set<number>();
  const out: PoolProbe[] = [];
  for (const c of chains) {
    if (c.chain_type !== chainType || c.chain_id === undefined || seen.has(c.chain_id)) continue;
    if (!Number.isSafeInteger(c.chain_id) || c.chain_id < 0) continue;
    seen.add(c.chain_id);
    out.push({ ref: { chainType, chainId: c.chain_id, address }, chain: c.name });
    if (out.length === MAX_POOL_PROBES) break;
  }
  return out;
}

/** The tx chains a hash may belong to, in the order of its families. */
export function txProbes(q: QueryClass): TxChainInfo[] {
  if (q.kind !== 'hash') return [];
  return q.families.flatMap((family) =>
    TX_CHAINS.filter((c) => c.family === family && c.chainId !== null),
  );
}

/** Whether an address can name a token (`tokens/platforms/{address}`): every family but Bitcoin's. */
function mayBeToken(q: QueryClass): boolean {
  return q.kind === 'address' && q.family !== 'bitcoin';
}

/** The keyword of the `tokens/platforms/{keyword}` look-up: an address, or a name or symbol. */
export function platformKeyword(q: QueryClass): string | null {
  if (q.kind === 'address') return mayBeToken(q) ? q.address : null;
  // The look-up is exact, by name or symbol: one letter names nothing worth a request.
  if (q.kind === 'text' && q.text.length >= 2) return q.text;
  return null;
}
