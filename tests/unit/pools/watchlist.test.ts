import { describe, expect, it } from 'vitest';
import {
  MAX_WATCHED_POOLS,
  parseWatchSort,
  sanitizeWatchedPools,
  sortWatched,
} from '@/lib/features/pools/watchlist';
import type { PoolSummary } from '@/lib/features/pools/summary';

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

describe('the watchlist sorted', () => {
  const summary = (base: string, price: string, change: string): PoolSummary => ({
    name: `${base} / USDC`,
    address: '',
    network: '',
    dex: '',
    base: { address: '', symbol: base, name: base, image: '' },
    quote: { address: '', symbol: 'USDC', name: 'USDC', image: '' },
    baseUsd: price,
    quoteUsd: '1',
    change24h: change,
    volume24h: '0',
    liquidity: '0',
  });
  // Newest first, as stored; one not looked up yet.
  const items = ['pepe', 'weth', 'loading', 'sol'];
  const summaries = [
    summary('PEPE', '0.0000086', '-4.1'),
    summary('WETH', '3488.7', '-5.4'),
    null,
    summary('SOL', '190.06', '2.3'),
  ];

  it('keeps the stored order without a key', () => {
    expect(sortWatched(items, summaries, null, 'desc')).toEqual(items);
  });

  it('by name, price or 24 h change, pools without figures last', () => {
    expect(sortWatched(items, summaries, 'name', 'asc')).toEqual([
      'pepe',
      'sol',
      'weth',
      'loading',
    ]);
    expect(sortWatched(items, summaries, 'price', 'desc')).toEqual([
      'weth',
      'sol',
      'pepe',
      'loading',
    ]);
    expect(sortWatched(items, summaries, 'price', 'asc')).toEqual([
      'pepe',
      'sol',
      'weth',
      'loading',
    ]);
    expect(sortWatched(items, summaries, 'change', 'desc')).toEqual([
      'sol',
      'pepe',
      'weth',
      'loading',
    ]);
  });

  it('reads its URL form, anything else as no order', () => {
    expect(parseWatchSort('price', 'asc')).toEqual({ key: 'price', dir: 'asc' });
    expect(parseWatchSort('name', null)).toEqual({ key: 'name', dir: 'asc' });
    expect(parseWatchSort('change', 'sideways')).toEqual({ key: 'change', dir: 'desc' });
    expect(parseWatchSort('volume', 'asc')).toEqual({ key: null, dir: 'asc' });
  });

  it('keeps a stored Solana pool by its shape, and drops what cannot be a pool address', () => {
    expect(
      sanitizeWatchedPools([
        {
          chainType: 'solana',
          chainId: 501,
          address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW',
        },
        { chainType: 'svm', chainId: 501, address: 'has spaces' },
        { chainType: 'evm', chainId: -1, address: UNISWAP },
      ]),
    ).toEqual([
      {
        chainType: 'svm',
        chainId: 501,
        address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW',
        pair: '',
      },
    ]);
  });
});
