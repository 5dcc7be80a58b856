import { describe, expect, it } from 'vitest';
import { classifyQuery } from '@/lib/features/palette/classify';
import { buildGroups } from '@/lib/features/palette/groups';
import { matchPools, pairWords, type PoolCandidate } from '@/lib/features/palette/pool-match';
import type { PoolObject } from '@/lib/contracts/price/schema';

function candidate(
  n: number,
  base: string,
  quote: string,
  name = `${base} / ${quote}`,
): PoolCandidate {
  return {
    ref: { chainType: 'evm', chainId: 1, address: `0x${String(n).padStart(40, '0')}` },
    chain: 'Ethereum',
    pool: {
      name,
      dex: 'uniswap_v3',
      base_token: { symbol: base },
      quote_token: { symbol: quote },
    } as PoolObject,
  };
}

const WETH_USDC = candidate(1, 'WETH', 'USDC', 'WETH / USDC 0.05%');
const PEPE_WETH = candidate(2, 'PEPE', 'WETH');
const SOL_USDC = candidate(3, 'SOL', 'USDC');
const USDCE_WETH = candidate(4, 'USDC.e', 'WETH');
const WBNB_USDT = candidate(5, 'WBNB', 'USDT');
const ALL = [WETH_USDC, PEPE_WETH, SOL_USDC, USDCE_WETH, WBNB_USDT];

const names = (text: string, list = ALL, max?: number) =>
  matchPools(classifyQuery(text), list, max).map((h) => h.pool.name);

describe('pools found by a typed symbol', () => {
  it('"USDC" finds the pools with USDC on either side, exact symbols before prefixes', () => {
    expect(names('USDC')).toEqual(['WETH / USDC 0.05%', 'SOL / USDC', 'USDC.e / WETH']);
    expect(names('usdc')).toEqual(names('USDC'));
  });

  it('a pair in either spelling finds its pool, the typed order first', () => {
    expect(names('pepe/weth')).toEqual(['PEPE / WETH']);
    expect(names('WETH USDC')[0]).toBe('WETH / USDC 0.05%');
    expect(names('usdc-weth')).toEqual(['WETH / USDC 0.05%', 'USDC.e / WETH']);
    expect(names('weth pepe')).toEqual(['PEPE / WETH']);
  });

  it('symbols by prefix and the pair name by substring, nothing for a miss', () => {
    expect(names('PEP')).toEqual(['PEPE / WETH']);
    expect(names('0.05')).toEqual(['WETH / USDC 0.05%']);
    expect(names('DOGE')).toEqual([]);
  });

  it('capped, each pool once, and only for text (an address is probed elsewhere)', () => {
    const many = Array.from({ length: 12 }, (_, i) => candidate(10 + i, 'USDC', `T${i}`));
    expect(names('USDC', [...many, many[0]!], 8)).toHaveLength(8);
    expect(names('USDC', [WETH_USDC, WETH_USDC])).toHaveLength(1);
    expect(matchPools(classifyQuery(WETH_USDC.ref.address), ALL)).toEqual([]);
    expect(matchPools(classifyQuery(''), ALL)).toEqual([]);
  });

  it('splits pair words on slashes, dashes and spaces', () => {
    expect(pairWords(' PEPE/WETH ')).toEqual(['pepe', 'weth']);
    expect(pairWords('weth - usdc')).toEqual(['weth', 'usdc']);
  });

  it('each match is a pool entry (the pool page, remembered as recent), after the tokens', () => {
    const q = classifyQuery('USDC');
    const groups = buildGroups({
      q,
      recent: [],
      tokens: [],
      pools: matchPools(q, ALL),
      txs: [],
      pages: [],
      theme: 'dark',
    });
    const pools = groups.find((g) => g.id === 'pools');
    expect(pools?.entries.map((e) => e.value)).toEqual([
      `pool:evm:1:${WETH_USDC.ref.address}`,
      `pool:evm:1:${SOL_USDC.ref.address}`,
      `pool:evm:1:${USDCE_WETH.ref.address}`,
    ]);
    const first = pools?.entries[0];
    expect(first?.kind).toBe('pool');
    if (first?.kind === 'pool')
      expect(first.target).toEqual({
        kind: 'pool',
        ref: WETH_USDC.ref,
        name: 'WETH / USDC 0.05%',
        chain: 'Ethereum',
      });
  });
});
