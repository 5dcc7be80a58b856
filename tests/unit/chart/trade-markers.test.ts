import { describe, expect, it } from 'vitest';
import { barIndexAt, longestPeriod, placeTrades } from '@/lib/features/chart/trade-markers';
import { markerText } from '@/lib/chart/trade-markers';
import type { MarkerTrade } from '@/lib/features/pools/my-trades';

const M15 = 900;
// Four 15-minute bars with a gap where the third should be (no candle at 1_800).
const TIMES = [0, 900, 2_700, 3_600];
const trade = (time: number, side: 'buy' | 'sell', id = `${time}${side}`) => ({ time, side, id });

describe('barIndexAt', () => {
  it('finds the bar whose period holds the time', () => {
    expect(barIndexAt(TIMES, 0, M15)).toBe(0);
    expect(barIndexAt(TIMES, 899, M15)).toBe(0);
    expect(barIndexAt(TIMES, 900, M15)).toBe(1);
    expect(barIndexAt(TIMES, 3_601, M15)).toBe(3);
    expect(barIndexAt(TIMES, 4_499, M15)).toBe(3);
  });

  it('gives no bar before the first, after the last period, or in a gap of the candles', () => {
    expect(barIndexAt(TIMES, -1, M15)).toBe(-1);
    expect(barIndexAt(TIMES, 4_500, M15)).toBe(-1);
    // 1_800..2_699 has no candle: the trade is not put on the bar before the gap.
    expect(barIndexAt(TIMES, 2_000, M15)).toBe(-1);
    expect(barIndexAt([], 10, M15)).toBe(-1);
  });

  it('takes months of 31 days: the next bar, not 28 days, ends a month', () => {
    const jan = Date.UTC(2026, 0, 1) / 1000;
    const feb = Date.UTC(2026, 1, 1) / 1000;
    const jan30 = Date.UTC(2026, 0, 30) / 1000;
    expect(barIndexAt([jan, feb], jan30, longestPeriod('1M'))).toBe(0);
    expect(barIndexAt([jan, feb], Date.UTC(2026, 1, 27) / 1000, longestPeriod('1M'))).toBe(1);
  });
});

describe('placeTrades', () => {
  it('puts one marker per side per candle, with every trade it stands for, oldest first', () => {
    const trades = [
      trade(950, 'buy', 'b2'),
      trade(100, 'sell'),
      trade(910, 'buy', 'b1'),
      trade(1_000, 'sell'),
      trade(3_700, 'buy'),
    ];
    const { buckets, waiting } = placeTrades(trades, TIMES, M15);
    expect(waiting).toBe(0);
    expect(buckets.map((b) => `${b.id}:${b.trades.length}`)).toEqual([
      '0:sell:1',
      '900:buy:2',
      '900:sell:1',
      '3600:buy:1',
    ]);
    expect(buckets[1]?.trades.map((t) => t.id)).toEqual(['b1', 'b2']);
  });

  it('moves trades to the candles of another interval', () => {
    const trades = [trade(100, 'buy'), trade(950, 'buy'), trade(3_700, 'sell')];
    const hourly = placeTrades(trades, [0, 3_600], 3_600);
    expect(hourly.buckets.map((b) => `${b.id}:${b.trades.length}`)).toEqual([
      '0:buy:2',
      '3600:sell:1',
    ]);
  });

  it('counts trades after the last candle as waiting (a live candle will hold them), drops older ones', () => {
    const trades = [trade(-500, 'buy'), trade(5_000, 'sell'), trade(2_000, 'buy')];
    const placed = placeTrades(trades, TIMES, M15);
    expect(placed.buckets).toEqual([]);
    expect(placed.waiting).toBe(1);
    // Scroll-back brought the older candle, the live feed the newer one.
    const later = placeTrades(trades, [-900, ...TIMES, 4_500], M15);
    expect(later.buckets.map((b) => b.id)).toEqual(['-900:buy', '4500:sell']);
    expect(later.waiting).toBe(0);
  });
});

describe('markerText', () => {
  const t = (wallet: string, label: string | null, time = 1) =>
    ({ time, side: 'buy', wallet, label }) as unknown as MarkerTrade;
  const bucket = (...trades: MarkerTrade[]) => ({
    id: '0:buy',
    time: 0,
    side: 'buy' as const,
    trades,
  });
  const A = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
  const B = '0x1Db3439a222C519ab44bb1144fC28167b4Fa6EE6';

  it('names the wallet (label, else its address shortened), with a count; only the count for several wallets', () => {
    expect(markerText(bucket(t(A, 'Desk A')))).toBe('Desk A');
    expect(markerText(bucket(t(A, 'Desk A'), t(A, 'Desk A', 2)))).toBe('Desk A ×2');
    expect(markerText(bucket(t(B, null)))).toBe('0x1Db…EE6');
    expect(markerText(bucket(t(A, 'Desk A'), t(B, null), t(A, 'Desk A', 3)))).toBe('×3');
    expect(markerText(bucket(t(A, 'A very long wallet label')))).toBe('A very lo…');
  });
});
