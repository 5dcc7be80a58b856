/**
 * The pools the app lists on /pools and links token pages to. FEATURED_POOLS overrides them with a
 * comma-separated list of `chain_type:chain_id:pool_address`; by default they are the six pools of
 * the demo catalogue (docs/simulator/README.md, "Demo catalogue"), which a real upstream also serves.
 */
import type { PoolRef } from '../contracts/pool-ref';
import { parsePoolRef } from '../contracts/pool-ref-check';

/** `{ chainType, chainId, address }`, the chain type one of the standard values (evm, svm, ...). */
export type FeaturedPool = PoolRef;

const DEFAULT_POOLS = [
  'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  'svm:501:58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW',
  'evm:56:0x36696169c63e42cd08ce11f5deebbcebae652050',
  'evm:8453:0xd0b53d9277642d899df5c87a3966a349a798f224',
  'evm:42161:0xc6962004f452be9203591991d15f6b388e09e8d0',
  'evm:1:0x11950d141ecb863f01007add7d1a342041227b58',
].join(',');

/** Every entry of a FEATURED_POOLS value, with a sentence per entry that is not a pool. */
export function parseFeaturedPools(raw: string): { pools: FeaturedPool[]; errors: string[] } {
  const pools: FeaturedPool[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    // The address may not contain ':', so the last two separators split it off.
    const match = /^([^:]+):([^:]+):([^:]+)$/.exec(entry);
    const parsed = match ? parsePoolRef(match[1] ?? '', match[2] ?? '', match[3] ?? '') : null;
    if (!parsed) {
      errors.push(`"${entry}" is not chain_type:chain_id:pool_address`);
    } else if (!parsed.ok) {
      errors.push(`"${entry}": ${parsed.reason}`);
    } else {
      const key = `${parsed.ref.chainType}:${parsed.ref.chainId}:${parsed.ref.address}`;
      if (!seen.has(key)) pools.push(parsed.ref);
      seen.add(key);
    }
  }
  return { pools, errors };
}

/** The featured pools, in the configured order (malformed entries are left out; env.ts reports them at start). */
export function featuredPools(): FeaturedPool[] {
  const raw = process.env.FEATURED_POOLS?.trim();
  return parseFeaturedPools(raw ? raw : DEFAULT_POOLS).pools;
}
