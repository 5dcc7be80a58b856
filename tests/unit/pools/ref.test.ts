import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/config/env';
import { featuredPools, parseFeaturedPools } from '@/lib/config/featured-pools';
import { embedPath, poolKey, poolPath, poolQueryString } from '@/lib/contracts/pool-ref';
import { parsePoolRef, poolAddressProblem } from '@/lib/contracts/pool-ref-check';
import { parsePoolRefShape } from '@/lib/contracts/pool-ref-shape';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RAYDIUM = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';

describe('parsePoolRef', () => {
  it('puts a pool in canonical form: standard chain type, lowercase hex', () => {
    expect(parsePoolRef('ethereum', '1', UNISWAP.toUpperCase().replace('0X', '0x'))).toEqual({
      ok: true,
      ref: { chainType: 'evm', chainId: 1, address: UNISWAP },
    });
    expect(parsePoolRef('svm', '501', RAYDIUM)).toEqual({
      ok: true,
      ref: { chainType: 'svm', chainId: 501, address: RAYDIUM },
    });
  });
  it('names the bad segment and says why', () => {
    expect(parsePoolRef('evmx', '1', UNISWAP)).toMatchObject({ ok: false, field: 'chain_type' });
    expect(parsePoolRef('evm', 'one', UNISWAP)).toMatchObject({ ok: false, field: 'chain_id' });
    const short = parsePoolRef('evm', '1', '0x12');
    expect(short).toMatchObject({ ok: false, field: 'pool_address' });
    expect(!short.ok && short.reason).toMatch(/40 hexadecimal digits/);
    // Base58 keeps its case: a changed letter is another (here: invalid) address.
    expect(parsePoolRef('svm', '501', RAYDIUM.slice(0, -1) + '0')).toMatchObject({
      ok: false,
      field: 'pool_address',
    });
  });
  it('accepts generic pool ids on chains whose format it does not check, within the topic alphabet', () => {
    expect(poolAddressProblem('move', '0xabc_def')).toBeNull();
    expect(poolAddressProblem('move', 'a:b')).toMatch(/letters, digits/);
    expect(poolAddressProblem('evm', '')).toBe('Enter the pool address.');
  });
});

describe('paths', () => {
  const ref = { chainType: 'evm' as const, chainId: 1, address: UNISWAP };
  it('builds the page, embed, key and the pools query in one spelling', () => {
    expect(poolPath(ref)).toBe(`/pools/evm/1/${UNISWAP}`);
    expect(embedPath(ref)).toBe(`/embed/pools/evm/1/${UNISWAP}`);
    expect(poolKey(ref)).toBe(`evm:1:${UNISWAP}`);
    expect(poolQueryString(ref)).toBe(`chain_type=evm&chain_id=1&pool_address=${UNISWAP}`);
  });
});

describe('featured pools', () => {
  it('defaults to the six pools of the demo catalogue', () => {
    const saved = process.env.FEATURED_POOLS;
    delete process.env.FEATURED_POOLS;
    try {
      const pools = featuredPools();
      expect(pools).toHaveLength(6);
      expect(pools[0]).toEqual({ chainType: 'evm', chainId: 1, address: UNISWAP });
      expect(pools.map((p) => p.chainId)).toEqual([1, 501, 56, 8453, 42161, 1]);
    } finally {
      if (saved !== undefined) process.env.FEATURED_POOLS = saved;
    }
  });
  it('reads FEATURED_POOLS in order, without duplicates, and reports bad entries', () => {
    const { pools, errors } = parseFeaturedPools(
      ` svm:501:${RAYDIUM}, ethereum:1:${UNISWAP.toUpperCase().replace('0X', '0x')},evm:1:${UNISWAP},evm:1,evm:1:0x12 `,
    );
    expect(pools).toEqual([
      { chainType: 'svm', chainId: 501, address: RAYDIUM },
      { chainType: 'evm', chainId: 1, address: UNISWAP },
    ]);
    expect(errors).toEqual([
      '"evm:1" is not chain_type:chain_id:pool_address',
      expect.stringMatching(/^"evm:1:0x12": An EVM pool address/),
    ]);
  });
  it('stops the server at start on a malformed FEATURED_POOLS, naming the variable', () => {
    expect(() => parseEnv({ FEATURED_POOLS: 'evm:1:nope' })).toThrow(
      /FEATURED_POOLS: "evm:1:nope"/,
    );
    expect(parseEnv({ FEATURED_POOLS: `evm:1:${UNISWAP}` }).FEATURED_POOLS).toBe(
      `evm:1:${UNISWAP}`,
    );
  });
});

describe('parsePoolRefShape (browser links: no address libraries)', () => {
  it('reads the same canonical pool as the full check where the address is valid', () => {
    for (const [t, id, a] of [
      ['ethereum', '1', UNISWAP.toUpperCase().replace('0X', '0x')],
      ['svm', '501', RAYDIUM],
    ] as const)
      expect(parsePoolRefShape(t, id, a)).toEqual(parsePoolRef(t, id, a));
  });
  it('refuses what has not the shape of an address of its chain', () => {
    expect(parsePoolRefShape('evm', '1', '0x12')).toMatchObject({
      ok: false,
      field: 'pool_address',
    });
    // 0, O, I and l are not Base58.
    expect(parsePoolRefShape('svm', '501', '0OIl' + RAYDIUM.slice(4))).toMatchObject({
      ok: false,
      field: 'pool_address',
    });
    expect(parsePoolRefShape('tvm', '728126428', 'X' + 'a'.repeat(33))).toMatchObject({
      ok: false,
    });
    expect(parsePoolRefShape('cosmos', '1', 'a b')).toMatchObject({ ok: false });
    expect(parsePoolRefShape('evmx', '1', UNISWAP)).toMatchObject({
      ok: false,
      field: 'chain_type',
    });
  });
  it('lets a checksum typo through (the pool page and the stream check it), where the full check does not', () => {
    const typo = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'; // USDT's Tron address, last letter changed
    expect(parsePoolRefShape('tvm', '728126428', typo)).toMatchObject({ ok: true });
    expect(parsePoolRef('tvm', '728126428', typo)).toMatchObject({ ok: false });
  });
});
