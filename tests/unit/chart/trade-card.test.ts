import { describe, expect, it } from 'vitest';
import { tradeCard } from '@/lib/chart/trades/trade-card';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';
import { tradeAmount } from '@/lib/features/pools/trades';

const trade = (i: number, patch: Partial<MarkerTrade> = {}): MarkerTrade => ({
  key: `k${i}`,
  time: 1_700_000_000 + i,
  side: 'buy',
  baseAmount: '1.5',
  quoteAmount: '3000',
  price: '2000',
  wallet: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  label: null,
  txHash: '0x' + 'ab'.repeat(32),
  chainType: 'evm',
  chainId: 1,
  status: null,
  ...patch,
});
const format = { time: (s: number) => `t${s}`, short: (v: string) => `${v.slice(0, 4)}…` };
const symbols = { base: 'WETH', quote: 'USDC' };
const bounds = { width: 800, height: 400 };

describe('tradeCard', () => {
  it('lists the newest trades first, at most four, and counts the rest', () => {
    const bucket = { side: 'buy' as const, trades: [0, 1, 2, 3, 4, 5].map((i) => trade(i)) };
    const card = tradeCard(bucket, { x: 100, y: 100 }, bounds, 264, symbols, format);
    expect(card.count).toBe(6);
    expect(card.rows.map((r) => r.key)).toEqual(['k5', 'k4', 'k3', 'k2']);
    expect(card.more).toBe(2);
    expect(card.rows[0]).toMatchObject({
      buy: true,
      time: 't1700000005',
      iso: new Date(1_700_000_005_000).toISOString(),
      base: `${tradeAmount('1.5')} WETH`,
      quote: `${tradeAmount('3000')} USDC`,
      href: `/tx/evm/1/0x${'ab'.repeat(32)}`,
      walletShort: '0x88…',
    });
    expect(card.rows[0]?.price).toMatch(/^2,000(\.0+)? USDC$/);
  });

  it('says a missing price as a dash', () => {
    const card = tradeCard(
      { side: 'sell', trades: [trade(0, { side: 'sell', price: null })] },
      { x: 0, y: 0 },
      bounds,
      264,
      symbols,
      format,
    );
    expect(card.buy).toBe(false);
    expect(card.rows[0]?.price).toBe('— USDC');
  });

  it('opens right of the marker when it fits, else left; in the half with more room', () => {
    const bucket = { side: 'buy' as const, trades: [trade(0)] };
    const right = tradeCard(bucket, { x: 100, y: 100 }, bounds, 264, symbols, format);
    expect(right).toMatchObject({ left: 114, top: 88, maxHeight: 308 });
    expect(right.bottom).toBeUndefined();
    const left = tradeCard(bucket, { x: 700, y: 300 }, bounds, 264, symbols, format);
    expect(left).toMatchObject({ left: 700 - 14 - 264, bottom: 88, maxHeight: 284 });
    expect(left.top).toBeUndefined();
    // Never past the chart's left edge.
    const narrow = tradeCard(
      bucket,
      { x: 100, y: 100 },
      { width: 300, height: 400 },
      264,
      symbols,
      format,
    );
    expect(narrow.left).toBe(4);
  });
});
