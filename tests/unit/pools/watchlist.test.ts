import { describe, expect, it } from 'vitest';
import { MAX_WATCHED_POOLS, sanitizeWatchedPools } from '@/lib/features/pools/watchlist';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

describe('pool watchlist as stored', () => {
  it('keeps valid pools in canonical form, once each, in order', () => {
    expect(
      sanitizeWatchedPools([
        {
          chainType: 'ethereum',
          chainId: 1,
          address: UNISWAP.toUpperCase().replace('0X', '0x'),
          pair: 'WETH/USDC',
        },
        { chainType: 'evm', chainId: 1, address: UNISWAP, pair: 'dup' },
        { chainType: 'evm', chainId: 56, address: '0x' + 'ab'.repeat(20), pair: 'CAKE/BNB' },
      ]),
    ).toEqual([
      { chainType: 'evm', chainId: 1, address: UNISWAP, pair: 'WETH/USDC' },
      { chainType: 'evm', chainId: 56, address: '0x' + 'ab'.repeat(20), pair: 'CAKE/BNB' },
    ]);
  });

  it('drops what a hand-edited store may hold, and caps the list', () => {
    expect(
      sanitizeWatchedPools([
        null,
        'evm:1:0x',
        { chainType: 'evm', chainId: '1', address: UNISWAP },
        { chainType: 'evm', chainId: 1.5, address: UNISWAP },
        { chainType: 'mars', chainId: 1, address: UNISWAP },
        { chainType: 'evm', chainId: 1, address: '../../api/admin' },
        { chainType: 'evm', chainId: 1, address: UNISWAP, pair: '<img src=x onerror=alert(1)>' },
      ]),
    ).toEqual([{ chainType: 'evm', chainId: 1, address: UNISWAP, pair: 'img srcx onerroralert1' }]);
    expect(sanitizeWatchedPools({ pools: [] })).toEqual([]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      chainType: 'evm',
      chainId: 1,
      address: `0x${i.toString(16).padStart(40, '0')}`,
      pair: `P${i}`,
    }));
    expect(sanitizeWatchedPools(many)).toHaveLength(MAX_WATCHED_POOLS);
  });
});
