/** Address comparison per chain type (the type tables are in lib/contracts/chain-types.ts). */
import type { SimChain } from '../catalogue';

export type ChainType = SimChain['chain_type'];

/** EVM addresses are hex, so their case carries no meaning; Base58 and Move identifiers are exact. */
export function sameAddress(chainType: ChainType, a: string, b: string): boolean {
  return chainType === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;
}
