import { base58 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { classifyQuery, MAX_QUERY_LENGTH, normalizeQuery } from '@/lib/features/palette/classify';
import {
  MAX_POOL_PROBES,
  platformKeyword,
  poolProbes,
  txProbes,
} from '@/lib/features/palette/lookups';
import type { ChainItem } from '@/lib/contracts/price/schema';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const EVM_HASH = `0x${'ab'.repeat(32)}`;
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TRON = 'TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G';
const BECH32 = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SIGNATURE = base58.encode(Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256));

describe('classifyQuery', () => {
  it('empty and blank text is nothing to look up', () => {
    expect(classifyQuery('')).toEqual({ kind: 'empty' });
    expect(classifyQuery('   \t\n')).toEqual({ kind: 'empty' });
  });

  it('symbols and names are text, trimmed with single spaces', () => {
    expect(classifyQuery(' USDC ')).toEqual({ kind: 'text', text: 'USDC' });
    expect(classifyQuery('usd   coin')).toEqual({ kind: 'text', text: 'usd coin' });
  });

  it('an EVM address in any case is an EVM address, as pasted', () => {
    expect(classifyQuery(POOL)).toEqual({ kind: 'address', family: 'evm', address: POOL });
    const upper = `0x${POOL.slice(2).toUpperCase()}`;
    expect(classifyQuery(upper)).toMatchObject({ kind: 'address', family: 'evm' });
    // A wrong EIP-55 checksum still names the address (the services take any case).
    const mixed = `0x${POOL.slice(2, 10).toUpperCase()}${POOL.slice(10)}`;
    expect(classifyQuery(mixed)).toMatchObject({ kind: 'address', family: 'evm', address: mixed });
  });

  it('one hex digit short or long is not an address', () => {
    expect(classifyQuery(POOL.slice(0, -1)).kind).toBe('text');
    expect(classifyQuery(`${POOL}0`).kind).toBe('text');
  });

  it('Solana, Tron and Bitcoin addresses are told apart by their checks', () => {
    expect(classifyQuery(SOLANA)).toEqual({ kind: 'address', family: 'solana', address: SOLANA });
    expect(classifyQuery(TRON)).toEqual({ kind: 'address', family: 'tron', address: TRON });
    expect(classifyQuery(BECH32)).toEqual({ kind: 'address', family: 'bitcoin', address: BECH32 });
    // A legacy Bitcoin address is Base58 of Solana's length range too: its checksum decides.
    expect(classifyQuery(LEGACY)).toEqual({ kind: 'address', family: 'bitcoin', address: LEGACY });
    // A Tron address with one character changed fails its checksum: not an address.
    expect(classifyQuery(`${TRON.slice(0, -1)}H`).kind).toBe('text');
  });

  it('hashes: 0x + 64 hex is EVM; bare 64 hex is Tron, Bitcoin or EVM; a 64-byte Base58 is Solana', () => {
    expect(classifyQuery(EVM_HASH)).toEqual({ kind: 'hash', hash: EVM_HASH, families: ['evm'] });
    expect(classifyQuery(EVM_HASH.slice(2))).toEqual({
      kind: 'hash',
      hash: EVM_HASH.slice(2),
      families: ['tron', 'bitcoin', 'evm'],
    });
    expect(classifyQuery(SIGNATURE)).toEqual({
      kind: 'hash',
      hash: SIGNATURE,
      families: ['solana'],
    });
    // 63 hex digits, or Base58 that decodes to another length, is no hash.
    expect(classifyQuery(EVM_HASH.slice(0, -1)).kind).toBe('text');
    expect(classifyQuery(base58.encode(new Uint8Array(60).fill(7))).kind).toBe('text');
  });

  it('hostile text is capped and never throws', () => {
    const long = 'x'.repeat(10_000);
    expect(normalizeQuery(long)).toHaveLength(MAX_QUERY_LENGTH);
    for (const s of ['%E0%A4%A', '<script>', '0x', '\u0000', '../../etc', `${POOL} ${POOL}`])
      expect(() => classifyQuery(s)).not.toThrow();
    expect(classifyQuery(`${POOL} ${POOL}`).kind).toBe('text');
  });
});

const chains: ChainItem[] = [
  { id: 1, name: 'Ethereum', short_name: 'ETH', chain_id: 1, chain_type: 'evm' },
  { id: 2, name: 'BNB Smart Chain', short_name: 'BSC', chain_id: 56, chain_type: 'evm' },
  { id: 5, name: 'Solana', short_name: 'SOL', chain_id: 501, chain_type: 'svm' },
  { id: 6, name: 'Tron', short_name: 'TRX', chain_id: 728126428, chain_type: 'tvm' },
  { id: 7, name: 'Bitcoin', short_name: 'BTC', chain_id: 0, chain_type: 'utxo' },
  { id: 8, name: 'No id', short_name: 'X', chain_type: 'evm' },
];

describe('look-up plans', () => {
  it('an EVM address is tried as a pool on every EVM chain with an id, lowercased', () => {
    const upper = `0x${POOL.slice(2).toUpperCase()}`;
    const probes = poolProbes(classifyQuery(upper), chains);
    expect(probes.map((p) => [p.ref.chainType, p.ref.chainId, p.chain])).toEqual([
      ['evm', 1, 'Ethereum'],
      ['evm', 56, 'BNB Smart Chain'],
    ]);
    for (const p of probes) expect(p.ref.address).toBe(POOL);
  });

  it('pool probes are bounded, whatever the chain list holds', () => {
    const many: ChainItem[] = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      name: `Chain ${i}`,
      short_name: `C${i}`,
      chain_id: 1000 + i,
      chain_type: 'evm',
    }));
    expect(poolProbes(classifyQuery(POOL), many)).toHaveLength(MAX_POOL_PROBES);
  });

  it('Solana and Tron addresses keep their case; Bitcoin and text have no pool look-up', () => {
    expect(poolProbes(classifyQuery(SOLANA), chains).map((p) => p.ref)).toEqual([
      { chainType: 'svm', chainId: 501, address: SOLANA },
    ]);
    expect(poolProbes(classifyQuery(TRON), chains)).toHaveLength(1);
    expect(poolProbes(classifyQuery(BECH32), chains)).toEqual([]);
    expect(poolProbes(classifyQuery('USDC'), chains)).toEqual([]);
  });

  it('a hash is tried on the tx chains of its format', () => {
    expect(txProbes(classifyQuery(EVM_HASH)).map((c) => c.type)).toEqual([
      'ethereum',
      'bsc',
      'base',
      'arbitrum',
    ]);
    expect(txProbes(classifyQuery(EVM_HASH.slice(2))).map((c) => c.type)).toEqual([
      'tron',
      'bitcoin',
      'ethereum',
      'bsc',
      'base',
      'arbitrum',
    ]);
    expect(txProbes(classifyQuery(SIGNATURE)).map((c) => c.type)).toEqual(['solana']);
    expect(txProbes(classifyQuery(POOL))).toEqual([]);
  });

  it('tokens/platforms is asked for names of two letters or more and token-capable addresses', () => {
    expect(platformKeyword(classifyQuery('u'))).toBeNull();
    expect(platformKeyword(classifyQuery('usd coin'))).toBe('usd coin');
    expect(platformKeyword(classifyQuery(POOL))).toBe(POOL);
    expect(platformKeyword(classifyQuery(BECH32))).toBeNull();
    expect(platformKeyword(classifyQuery(EVM_HASH))).toBeNull();
  });
});
