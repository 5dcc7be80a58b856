/**
 * Validation of the three URL segments of a pool to the letter, shared by the server (route params,
 * FEATURED_POOLS) and the browser where a visitor types an address (the open-a-pool form). Browser
 * code that only routes a link reads the shape alone (./pool-ref-shape.ts).
 */
import { checkAddress, addressFamily } from '../core/address';
import type { ChainType } from './chain-types';
import { parsePoolRefWith, poolAddressShapeProblem, type PoolRefResult } from './pool-ref-shape';

export type { PoolRefResult };

/**
 * Validates the three URL segments and puts them in canonical form (see ./pool-ref-shape.ts), the
 * address checked to the letter: checksums and decoded lengths where its family has them.
 */
export const parsePoolRef = (rawType: string, rawId: string, rawAddress: string): PoolRefResult =>
  parsePoolRefWith(poolAddressProblem, rawType, rawId, rawAddress);

/** Null when `address` can be a pool address on that chain type, else a sentence saying why not. */
export function poolAddressProblem(chainType: ChainType, address: string): string | null {
  const family = addressFamily(chainType);
  // EVM pool addresses are pasted in lowercase or checksummed: both fine, only the shape counts.
  if (address === '' || !family || family === 'evm')
    return poolAddressShapeProblem(chainType, address);
  const check = checkAddress(family, address);
  return check.ok ? null : `Not a valid ${chainType.toUpperCase()} address: ${check.reason}.`;
}
