import { describe, expect, it } from 'vitest';
import { formatChartPrice, priceDecimals } from '@/lib/core/format/price';
import {
  formatChangePercent,
  formatChartVolume,
  priceFormatFor,
} from '@/lib/chart/rules/price-format';
import {
  formatBarTime,
  formatClock,
  formatMoment,
  formatTickMark,
} from '@/lib/chart/rules/time-format';

describe('chart prices', () => {
  it('keep five significant digits, at least two decimals', () => {
    expect(priceDecimals(3854.1)).toBe(2);
    expect(priceDecimals(0.99987)).toBe(5);
    expect(priceDecimals(0.0000000034123)).toBe(13);
    expect(priceDecimals(0)).toBe(2);
    expect(priceDecimals(Number.NaN)).toBe(2);
    expect(priceFormatFor(0.0000000034123)).toEqual({ precision: 13, minMove: 1e-13 });
  });
  it('group thousands, and count eight or more leading zeros in subscript (a memecoin stays readable)', () => {
    expect(formatChartPrice(3854.104, 2)).toBe('3,854.10');
    expect(formatChartPrice(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatChartPrice(0.99987, 5)).toBe('0.99987');
    expect(formatChartPrice(0.0000096515, 10)).toBe('0.0000096515');
    expect(formatChartPrice(0.0000000034123, 13)).toBe('0.0₈34123');
    expect(formatChartPrice(0.0000000031, 13)).toBe('0.0₈31000');
    expect(formatChartPrice(-0.001, 2)).toBe('0.00');
    expect(formatChartPrice(-12.5, 2)).toBe('-12.50');
    expect(formatChartPrice(Number.POSITIVE_INFINITY, 2)).toBe('—');
  });
  it('volumes read compactly', () => {
    expect(formatChartVolume(156_400)).toBe('156.4K');
    expect(formatChartVolume(12_345)).toBe('12.35K');
    expect(formatChartVolume(134_000_000)).toBe('134.0M');
    expect(formatChartVolume(12)).toBe('12.00');
    expect(formatChartVolume(0.5)).toBe('0.5000');
  });
});

describe('chart times', () => {
  const t = Date.UTC(2026, 10, 22, 9, 15, 4) / 1000;
  it('label a bar as precisely as its interval, in UTC when asked', () => {
    expect(formatBarTime(t, '1s', 'utc')).toBe("22 Nov '26 09:15:04");
    expect(formatBarTime(t, '15m', 'utc')).toBe("22 Nov '26 09:15");
    expect(formatBarTime(t, '1d', 'utc')).toBe("22 Nov '26");
    expect(formatBarTime(t, '1M', 'utc')).toBe('Nov 2026');
    expect(formatBarTime(t, '1Y', 'utc')).toBe('2026');
    expect(formatClock(t, 'utc')).toBe('09:15:04');
  });
  it('tick marks by type: year, month, day, time, time with seconds', () => {
    expect([0, 1, 2, 3, 4].map((type) => formatTickMark(t, type, 'utc'))).toEqual([
      '2026',
      'Nov',
      '22',
      '09:15',
      '09:15:04',
    ]);
  });
  it('local time follows the machine’s zone', () => {
    const d = new Date(t * 1000);
    expect(formatClock(t, 'local')).toBe(
      [d.getHours(), d.getMinutes(), d.getSeconds()]
        .map((n) => String(n).padStart(2, '0'))
        .join(':'),
    );
  });
});

describe('formatChangePercent', () => {
  it('signs a change and never shows -0.00%', () => {
    expect(formatChangePercent(1.234)).toEqual({ text: '+1.23%', dir: 'up' });
    expect(formatChangePercent(-0.4)).toEqual({ text: '-0.40%', dir: 'down' });
    expect(formatChangePercent(-0.004)).toEqual({ text: '0.00%', dir: 'flat' });
    expect(formatChangePercent(0.0049)).toEqual({ text: '0.00%', dir: 'flat' });
    expect(formatChangePercent(-0)).toEqual({ text: '0.00%', dir: 'flat' });
    expect(formatChangePercent(Number.NaN)).toEqual({ text: '—', dir: 'flat' });
  });
});

describe('moments of the trader tools in the chosen zone', () => {
  // 2026-11-25 21:04:37 UTC
  const T = Date.UTC(2026, 10, 25, 21, 4, 37) / 1000;
  it('reads the named zone, with its short name, whatever the browser zone', () => {
    expect(formatMoment(T, 'utc')).toBe('25 Nov 21:04:37 UTC');
    expect(formatMoment(T, 'Asia/Kolkata')).toBe('26 Nov 02:34:37 GMT+5:30');
    expect(formatMoment(T, 'Asia/Kathmandu')).toBe('26 Nov 02:49:37 GMT+5:45');
    expect(formatMoment(T, 'America/New_York')).toBe('25 Nov 16:04:37 EST');
  });
  it('writes no suffix for the browser zone', () => {
    expect(formatMoment(T, 'local')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d\d:\d\d:\d\d$/);
  });
});
