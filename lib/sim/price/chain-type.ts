/**
 * Chain type values of the price service (seed, "Chain type values") and their aliases. Per the
 * errata in shared/SIMULATOR.md, "the service to svm" reads "solana to svm".
 */
import type { SimChain } from '../catalogue';

export type ChainType = SimChain['chain_type'];

export const CHAIN_TYPES: readonly ChainType[] = ['evm', 'svm', 'tvm', 'utxo', 'cosmos', 'move'];

const ALIASES: Readonly<Record<string, ChainType>> = {
  ethereum: 'evm',
  solana: 'svm',
  tron: 'tvm',
  bitcoin: 'utxo',
  litecoin: 'utxo',
  dogecoin: 'utxo',
  'bitcoin cash': 'utxo',
  sui: 'move',
  aptos: 'move',
};

/** A standard value or an alias, case-insensitive and trimmed; null when it is neither. */
export function normaliseChainType(raw: string): ChainType | null {
  const value = raw.trim().toLowerCase();
  if ((CHAIN_TYPES as readonly string[]).includes(value)) return value as ChainType;
  return ALIASES[value] ?? null;
}

/** EVM addresses are hex, so their case carries no meaning; Base58 and Move identifiers are exact. */
export function sameAddress(chainType: ChainType, a: string, b: string): boolean {
  return chainType === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;
}
