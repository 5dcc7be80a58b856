import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFileName, parseCsv, rowsInRange, toCsv } from '@/lib/core/csv';
import { parseZonedInput, toZonedInput, zonedToUnix } from '@/lib/core/format/zone';
import { feedToCsv } from '@/lib/features/wallets/csv';
import { toRow } from '@/lib/features/wallets/feed';
import { tradesToCsv } from '@/lib/features/pools/trades-csv';
import type { TradeView } from '@/lib/features/pools/trades';
import { evmTx, OTHER, VITALIK } from '../wallets/fixtures';

describe('CSV', () => {
  it('parses back to what was written, whatever the text holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 3, maxLength: 3 }), {
          maxLength: 8,
        }),
        (rows) => {
          const back = parseCsv(toCsv(['a', 'b', 'c'], rows));
          expect(back[0]).toEqual(['a', 'b', 'c']);
          // A formula-looking cell comes back with its defusing quote, and only then.
          const expected = rows.map((r) =>
            r.map((v) => (/^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v)),
          );
          expect(back.slice(1)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names files safely and by time', () => {
    const at = new Date(Date.UTC(2026, 10, 25, 21, 4, 5));
    expect(csvFileName('trades-WETH/USDC', at)).toBe('trades-WETH-USDC-2026-11-25-21-04-05.csv');
    expect(csvFileName('../../', at)).toBe('export-2026-11-25-21-04-05.csv');
  });

  it('keeps the rows of a date range, both bounds inclusive, either open', () => {
    const rows = [{ t: 100 }, { t: 200 }, { t: null }, { t: 300 }];
    const timeOf = (r: { t: number | null }) => r.t;
    expect(rowsInRange(rows, timeOf, null, null)).toHaveLength(4);
    expect(rowsInRange(rows, timeOf, 200, null).map(timeOf)).toEqual([200, 300]);
    expect(rowsInRange(rows, timeOf, null, 200).map(timeOf)).toEqual([100, 200]);
    expect(rowsInRange(rows, timeOf, 150, 250).map(timeOf)).toEqual([200]);
  });
});

describe('a date range typed in the time-zone preference', () => {
  it('reads a wall-clock time in the zone, across daylight saving', () => {
    expect(parseZonedInput('2026-11-25T09:00', 'Asia/Tokyo')).toBe(Date.UTC(2026, 10, 25) / 1000);
    expect(parseZonedInput('2026-11-25T09:00', 'utc')).toBe(Date.UTC(2026, 10, 25, 9) / 1000);
    expect(parseZonedInput('2026-07-01T08:00', 'America/New_York')).toBe(
      Date.UTC(2026, 6, 1, 12) / 1000,
    );
    expect(parseZonedInput('2026-01-15T08:00', 'America/New_York')).toBe(
      Date.UTC(2026, 0, 15, 13) / 1000,
    );
    for (const bad of ['', '2026-13-01T00:00', '2026-11-25 09:00', 'yesterday', '2026-11-25T25:00'])
      expect(parseZonedInput(bad, 'utc')).toBeNull();
  });

  it('writes an instant back as the same wall-clock time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }),
        fc.constantFrom('utc', 'Asia/Kolkata', 'Europe/Berlin', 'America/Sao_Paulo'),
        (sec, zone) => {
          const minute = sec - (sec % 60);
          expect(parseZonedInput(toZonedInput(minute, zone), zone)).toBe(minute);
        },
      ),
      { numRuns: 300 },
    );
    expect(zonedToUnix({ year: 2026, month: 0, day: 1, hours: 0, minutes: 0 }, 'utc')).toBe(
      Date.UTC(2026, 0, 1) / 1000,
    );
  });
});

describe('exports', () => {
  it('the live feed: one row per transaction, with the wallet it matched and its direction', () => {
    const rows = [
      toRow({ ...evmTx({ tx_hash: '0xaaa' }), listenAddress: [VITALIK] }, [VITALIK], 1),
      toRow({ ...evmTx({ tx_hash: '0xbbb', sender: OTHER, receiver: VITALIK }) }, [VITALIK], 2),
    ];
    const [head, ...lines] = parseCsv(feedToCsv(rows));
    expect(lines).toHaveLength(2);
    const col = (name: string) => head!.indexOf(name);
    expect(lines.map((l) => l[col('tx_hash')])).toEqual(['0xaaa', '0xbbb']);
    expect(lines.map((l) => l[col('direction')])).toEqual(['out', 'in']);
    expect(lines[0]![col('time_utc')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
  });

  it("a pool's trades: exact amounts and price, UTC times, the pool named", () => {
    const trade: TradeView = {
      key: 'id:1',
      time: Date.UTC(2026, 10, 25, 21, 4, 5) / 1000,
      side: 'buy',
      baseAmount: '1.234567890123456789',
      quoteAmount: '4321.5',
      price: '3500.40',
      valueUsd: '4321.5',
      trader: VITALIK,
      txHash: '0xabc',
      status: 'success',
    };
    const pool = {
      address: '0xpool',
      base: { address: '0xweth', symbol: 'WETH' },
      quote: { address: '0xusdc', symbol: 'USDC' },
    };
    const [head, line] = parseCsv(tradesToCsv([trade], pool, { chainType: 'evm', chainId: 1 }));
    expect(Object.fromEntries(head!.map((h, i) => [h, line![i]]))).toEqual({
      time_utc: '2026-11-25T21:04:05.000Z',
      side: 'buy',
      price: '3500.40',
      price_unit: 'USDC/WETH',
      base_amount: '1.234567890123456789',
      base_symbol: 'WETH',
      quote_amount: '4321.5',
      quote_symbol: 'USDC',
      value_usd: '4321.5',
      trader: VITALIK,
      tx_hash: '0xabc',
      status: 'success',
      chain_type: 'evm',
      chain_id: '1',
      pool: '0xpool',
    });
  });
});
