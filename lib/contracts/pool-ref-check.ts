/**
 * Validation of the three URL segments of a pool, shared by the server (route params, FEATURED_POOLS)
 * and the browser (the open-a-pool form).
 */
import { checkAddress, addressFamily } from '../core/address';
import { normalizeKlineChainType, type ChainType } from './chain-types';
import type { PoolRef } from './pool-ref';

export type PoolRefResult =
  | { ok: true; ref: PoolRef }
  | { ok: false; field: 'chain_type' | 'chain_id' | 'pool_address'; reason: string };

/** What the stream topics accept for a pool on chains whose address format we do not check. */
const GENERIC_POOL = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * Validates the three URL segments and puts them in canonical form: the standard chain type (an
 * alias such as `ethereum` becomes `evm`) and a lowercase EVM address (hex has no case; the pool
 * object spells it lowercase). Base58 addresses keep their case: it is part of the address.
 */
export function parsePoolRef(rawType: string, rawId: string, rawAddress: string): PoolRefResult {
  const chainType = normalizeKlineChainType(decodeURIComponent(rawType));
  if (!chainType)
    return {
      ok: false,
      field: 'chain_type',
      reason: `"${rawType}" is not a chain type (evm, svm, tvm, utxo, cosmos or move)`,
    };
  if (!/^\d{1,12}$/.test(rawId))
    return {
      ok: false,
      field: 'chain_id',
      reason: `"${rawId}" is not a chain id (a whole number)`,
    };
  const chainId = Number(rawId);
  const address = decodeURIComponent(rawAddress).trim();
  const reason = poolAddressProblem(chainType, address);
  if (reason) return { ok: false, field: 'pool_address', reason };
  return {
    ok: true,
    ref: { chainType, chainId, address: chainType === 'evm' ? address.toLowerCase() : address },
  };
}

/** Null when `address` can be a pool address on that chain type, else a sentence saying why not. */
export function poolAddressProblem(chainType: ChainType, address: string): string | null {
  if (address === '') return 'Enter the pool address.';
  if (chainType === 'evm') {
    // Pool addresses are often pasted in lowercase or checksummed; both are fine, only the shape counts.
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? null
      : 'An EVM pool address is 0x followed by 40 hexadecimal digits.';
  }
  const family = addressFamily(chainType);
  if (family) {
    const check = checkAddress(family, address);
    return check.ok ? null : `Not a valid ${chainType.toUpperCase()} address: ${check.reason}.`;
  }
  return GENERIC_POOL.test(address)
    ? null
    : 'A pool address is 1 to 200 letters, digits, dots, dashes or underscores.';
}
