import { describe, expect, it } from 'vitest';
import { snapshotFileName, snapshotTitle } from '@/lib/chart/draw/snapshot';

// 2026-11-25 21:04:37 UTC
const AT = Date.UTC(2026, 10, 25, 21, 4, 37);

describe('chart snapshot', () => {
  it('titles the image with pair, interval and time in UTC', () => {
    expect(snapshotTitle({ pair: 'WETH/USDC', interval: '1h', at: AT, tz: 'utc' })).toBe(
      'WETH/USDC · 1h · 2026-11-25 21:04 UTC',
    );
    expect(snapshotTitle({ pair: 'SOL/USDC', interval: '1d', at: AT, tz: 'utc' })).toBe(
      'SOL/USDC · 1D · 2026-11-25 21:04 UTC',
    );
  });
  it('names the file after the same, with only safe characters', () => {
    expect(snapshotFileName({ pair: 'WETH/USDC', interval: '1h', at: AT, tz: 'utc' })).toBe(
      'pulse-WETH-USDC-1h-20261125-2104.png',
    );
    expect(
      snapshotFileName({ pair: '../<img src=x>/"a b"', interval: '15m', at: AT, tz: 'utc' }),
    ).toBe('pulse-img-src-x-a-b-15m-20261125-2104.png');
    expect(snapshotFileName({ pair: '///', interval: '1m', at: AT, tz: 'utc' })).toBe(
      'pulse-chart-1m-20261125-2104.png',
    );
  });
  it('reads the local clock and names its zone in local mode', () => {
    const d = new Date(AT);
    const pad = (n: number) => String(n).padStart(2, '0');
    const clock = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    const title = snapshotTitle({ pair: 'WETH/USDC', interval: '1h', at: AT, tz: 'local' });
    expect(title.startsWith(`WETH/USDC · 1h · ${clock} `)).toBe(true);
    expect(title.slice(`WETH/USDC · 1h · ${clock} `.length)).toMatch(/^\S+$/);
  });
  it("writes the caption and the file name in the chart's named zone, not the browser's", () => {
    // 21:04 UTC is 02:34 the next day in Kolkata (+5:30) and 02:49 in Kathmandu (+5:45).
    expect(snapshotTitle({ pair: 'WETH/USDC', interval: '1h', at: AT, tz: 'Asia/Kolkata' })).toBe(
      'WETH/USDC · 1h · 2026-11-26 02:34 GMT+5:30',
    );
    expect(
      snapshotFileName({ pair: 'WETH/USDC', interval: '1h', at: AT, tz: 'Asia/Kolkata' }),
    ).toBe('pulse-WETH-USDC-1h-20261126-0234.png');
    expect(
      snapshotFileName({ pair: 'PEPE/WETH', interval: '15m', at: AT, tz: 'Asia/Kathmandu' }),
    ).toBe('pulse-PEPE-WETH-15m-20261126-0249.png');
    expect(
      snapshotTitle({ pair: 'PEPE/WETH', interval: '15m', at: AT, tz: 'America/New_York' }),
    ).toBe('PEPE/WETH · 15m · 2026-11-25 16:04 EST');
  });
});
