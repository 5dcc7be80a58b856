import { describe, expect, it } from 'vitest';
import {
  barIndexAt,
  labelMarkers,
  longestPeriod,
  markerText,
  placeTrades,
} from '@/lib/chart/trades/marker-buckets';
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

describe('labelMarkers', () => {
  const A = '0x1111111111111111111111111111111111111111';
  const B = '0x2222222222222222222222222222222222222222';
  const t = (time: number, side: 'buy' | 'sell', wallet: string, label: string | null) => ({
    key: `${time}${side}${wallet}`,
    time,
    side,
    baseAmount: '1',
    quoteAmount: '1',
    price: '1',
    wallet,
    label,
    txHash: `0x${time}`,
    chainType: 'ethereum',
    chainId: 1,
    status: 'success',
  });
  // Four candles 6 px apart (a zoomed-out chart): labels of 30 px or more cannot all fit.
  const buckets = placeTrades(
    [
      t(0, 'buy', A, 'Whale A'),
      t(900, 'buy', A, 'Whale A'),
      t(1_800, 'buy', B, null),
      t(1_850, 'buy', B, null),
      t(1_800, 'sell', A, 'Whale A'),
      t(9_000, 'buy', A, 'Whale A'),
    ],
    [0, 900, 1_800, 2_700, 9_000],
    M15,
  ).buckets;
  const at = (spacing: number) => (b: { time: number }) => (b.time / 900) * spacing;
  const width = (text: string) => text.length * 6.5;
  const text = (trades: readonly { wallet: string; label: string | null }[]) =>
    markerText({ trades: trades as Parameters<typeof markerText>[0]['trades'] });

  it("leaves out a label that would run into a newer neighbour's; the other side keeps its own", () => {
    const labels = labelMarkers(buckets, at(6), text, width);
    // Newest first: the far buy keeps its label; the crowded buys' newest would run into it and
    // shows none, the next one has room again, the oldest runs into that one.
    expect(labels.get('9000:buy')).toBe('Whale A');
    expect(labels.get('1800:buy')).toBe('');
    expect(labels.get('900:buy')).toBe('Whale A');
    expect(labels.get('0:buy')).toBe('');
    // The sell on the same candle is the other side: a label of its own.
    expect(labels.get('1800:sell')).toBe('Whale A');
  });

  it('lets each marker keep its own label when there is room (zoomed in)', () => {
    const labels = labelMarkers(buckets, at(120), text, width);
    expect(labels.get('0:buy')).toBe('Whale A');
    expect(labels.get('900:buy')).toBe('Whale A');
    expect(labels.get('1800:buy')).toBe('0x222…222 ×2');
  });

  it('never leaves two labels of one side overlapping', () => {
    for (const spacing of [2, 6, 13, 27, 60]) {
      const labels = labelMarkers(buckets, at(spacing), text, width);
      for (const side of ['buy', 'sell']) {
        const shown = buckets
          .filter((b) => b.side === side && labels.get(b.id))
          .map((b) => ({ x: at(spacing)(b), w: width(labels.get(b.id) ?? '') }));
        for (let i = 1; i < shown.length; i++) {
          const a = shown[i - 1]!;
          const b = shown[i]!;
          expect(b.x - b.w / 2).toBeGreaterThanOrEqual(a.x + a.w / 2);
        }
      }
    }
  });
});
