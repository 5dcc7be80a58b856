import { describe, expect, it } from 'vitest';
import {
  MAX_REMEMBERED_PER_POOL,
  MAX_REMEMBERED_POOLS,
  readMarkerTrade,
  remember,
  sanitizeMemory,
} from '@/lib/features/pools/marker-memory';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import { traderHistoryHref } from '@/lib/features/pools/my-wallets';
import { sanitizeSeen } from '@/lib/features/wallets/seen-wallets';

const POOL = 'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const trade = (n: number, over: Partial<MarkerTrade> = {}): MarkerTrade => ({
  key: `ethereum:1:0x${n}`,
  time: 1_764_000_000 + n,
  side: n % 2 ? 'buy' : 'sell',
  baseAmount: '1.5',
  quoteAmount: '5000',
  price: '3333.33',
  wallet: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  label: null,
  txHash: `0x${n}`,
  chainType: 'ethereum',
  chainId: 1,
  status: 'success',
  ...over,
});

describe('the trades a browser remembers per pool', () => {
  it('keeps what it saw across visits: a later, smaller load adds to it, never replaces it', () => {
    let pools = remember({}, POOL, [trade(1), trade(2), trade(3), trade(4), trade(5), trade(6)], 1);
    pools = remember(pools, POOL, [trade(6), trade(7)], 2);
    expect(pools[POOL]?.trades.map((t) => t.txHash)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((n) => `0x${n}`),
    );
    // Nothing new: the same object (no write, no re-render).
    expect(remember(pools, POOL, [trade(3)], 3)).toBe(pools);
  });

  it('is bounded per pool and in pools, the least recently seen pool forgotten first', () => {
    const many = Array.from({ length: MAX_REMEMBERED_PER_POOL + 50 }, (_, i) => trade(i));
    const one = remember({}, POOL, many, 1);
    expect(one[POOL]?.trades).toHaveLength(MAX_REMEMBERED_PER_POOL);
    expect(one[POOL]?.trades.at(-1)?.txHash).toBe(`0x${MAX_REMEMBERED_PER_POOL + 49}`);
    let pools = one;
    for (let i = 0; i < MAX_REMEMBERED_POOLS; i++)
      pools = remember(pools, `evm:1:0x${i}`, [trade(i)], 10 + i);
    expect(Object.keys(pools)).toHaveLength(MAX_REMEMBERED_POOLS);
    expect(pools[POOL]).toBeUndefined();
  });

  it('reads back only what it wrote: hostile or broken storage is dropped', () => {
    const stored = JSON.parse(JSON.stringify(remember({}, POOL, [trade(1)], 5))) as unknown;
    expect(sanitizeMemory(stored)[POOL]?.trades).toEqual([trade(1)]);
    expect(sanitizeMemory({ '../x': { trades: [trade(1)], at: 1 } })).toEqual({});
    expect(sanitizeMemory('nope')).toEqual({});
    expect(readMarkerTrade({ ...trade(1), side: 'hold' })).toBeNull();
    expect(readMarkerTrade({ ...trade(1), price: '<img src=x>' })).toBeNull();
    expect(readMarkerTrade({ ...trade(1), label: 'x'.repeat(65) })).toBeNull();
    expect(readMarkerTrade({ ...trade(1), time: -5 })).toBeNull();
  });
});

describe('monitored wallets seen in the live feed', () => {
  it('are kept bounded and valid, newest first', () => {
    const w = (address: string, lastAt: number) => ({ chainType: 'ethereum', address, lastAt });
    const a = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
    expect(sanitizeSeen([w(a, 1), w(a, 2), w('<script>', 3), { chainType: 'x y' }])).toEqual([
      w(a, 1),
    ]);
    const many = Array.from({ length: 40 }, (_, i) => w(`0x${String(i).padStart(40, '0')}`, i));
    const kept = sanitizeSeen(many);
    expect(kept).toHaveLength(20);
    expect(kept[0]?.lastAt).toBe(39);
  });
});

describe('a trader of the trades list', () => {
  it('leads to its history on the Wallets page, on the pool’s chain', () => {
    const trader = '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be';
    expect(traderHistoryHref({ chainType: 'evm', chainId: 1 }, trader)).toBe(
      `/wallets?tab=history&address=${trader}&hchain=ethereum`,
    );
    expect(traderHistoryHref({ chainType: 'evm', chainId: 8453 }, trader)).toBe(
      `/wallets?tab=history&address=${trader}&hchain=base`,
    );
    expect(traderHistoryHref({ chainType: 'svm', chainId: 501 }, 'So1ana')).toBe(
      '/wallets?tab=history&address=So1ana&hchain=solana',
    );
  });
});
