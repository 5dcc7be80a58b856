/**
 * A pool's three URL segments read without the address libraries: the chain type, the chain id and
 * the address's shape (EVM hex, the Base58 alphabet and length of Solana and Tron, a generic form
 * elsewhere), in canonical form. For browser code that only routes a link to a pool (the
 * workspace's cells): it stays free of the hashing and encoding libraries that the full check
 * (./pool-ref-check.ts: checksums, decoded lengths) needs. What it lets through is still checked
 * before it costs anything: the pool page and the embed parse their route with the full check, and
 * the stream admits a topic only for a pool the price service knows.
 */
import { addressFamily } from '../core/address/family';
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
export function parsePoolRefWith(
  addressProblem: (chainType: ChainType, address: string) => string | null,
  rawType: string,
  rawId: string,
  rawAddress: string,
): PoolRefResult {
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
  const reason = addressProblem(chainType, address);
  if (reason) return { ok: false, field: 'pool_address', reason };
  return {
    ok: true,
    ref: { chainType, chainId, address: chainType === 'evm' ? address.toLowerCase() : address },
  };
}

const SHAPE: Record<string, RegExp> = {
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  bitcoin:
    /^(bc1[02-9ac-hj-np-z]{6,87}|BC1[02-9AC-HJ-NP-Z]{6,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
};

/** Null when `address` has the shape of a pool address on that chain type (no checksum read). */
export function poolAddressShapeProblem(chainType: ChainType, address: string): string | null {
  if (address === '') return 'Enter the pool address.';
  if (chainType === 'evm')
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? null
      : 'An EVM pool address is 0x followed by 40 hexadecimal digits.';
  const family = addressFamily(chainType);
  const shape = family ? SHAPE[family] : undefined;
  if (shape) return shape.test(address) ? null : `Not a ${chainType.toUpperCase()} pool address.`;
  return GENERIC_POOL.test(address)
    ? null
    : 'A pool address is 1 to 200 letters, digits, dots, dashes or underscores.';
}

/** `parsePoolRef` by shape only (see the top of this file). */
export const parsePoolRefShape = (rawType: string, rawId: string, rawAddress: string) =>
  parsePoolRefWith(poolAddressShapeProblem, rawType, rawId, rawAddress);
