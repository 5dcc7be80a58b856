import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SYNC,
  defaultCells,
  deskQuery,
  parseCell,
  parseDesk,
  parseLayout,
  parseSync,
  type DeskParams,
} from '@/lib/features/workspace/params';

const UNI = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const PANCAKE = '0x36696169c63e42cd08ce11f5deebbcebae652050';
const RAY = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';
const uni = { chainType: 'evm' as const, chainId: 1, address: UNI };
const pancake = { chainType: 'evm' as const, chainId: 56, address: PANCAKE };
const ray = { chainType: 'svm' as const, chainId: 501, address: RAY };
const FEATURED = defaultCells([uni, ray, pancake]);

const parse = (query: string) => parseDesk(new URLSearchParams(query), FEATURED);

describe('workspace URL', () => {
  it('round-trips a four-chart desk with both syncs, written readably', () => {
    const desk: DeskParams = {
      layout: 4,
      cells: [
        { pool: uni, interval: '1m' },
        { pool: uni, interval: '1h' },
        { pool: ray, interval: '1d' },
        { pool: pancake, interval: '15m' },
      ],
      sync: { crosshair: true, time: true },
    };
    const query = deskQuery(desk);
    expect(query).toBe(
      `?layout=4&c=evm:1:${UNI}:1m,evm:1:${UNI}:1h,svm:501:${RAY}:1d,evm:56:${PANCAKE}:15m&sync=crosshair,time`,
    );
    expect(parse(query)).toEqual(desk);
    // URLSearchParams' own spelling (%3A, %2C) reads the same.
    const encoded = new URLSearchParams(query.slice(1)).toString();
    expect(encoded).toContain('%3A');
    expect(parse(encoded)).toEqual(desk);
  });

  it('writes sync only when it differs from the default, and none as none', () => {
    const cells = [{ pool: uni, interval: '15m' as const }];
    expect(deskQuery({ layout: 1, cells, sync: DEFAULT_SYNC })).toBe(
      `?layout=1&c=evm:1:${UNI}:15m`,
    );
    const off = deskQuery({ layout: 1, cells, sync: { crosshair: false, time: false } });
    expect(off).toMatch(/&sync=none$/);
    expect(parse(off.slice(1)).sync).toEqual({ crosshair: false, time: false });
    const timeOnly = deskQuery({ layout: 1, cells, sync: { crosshair: false, time: true } });
    expect(timeOnly).toMatch(/&sync=time$/);
    expect(parse(timeOnly.slice(1)).sync).toEqual({ crosshair: false, time: true });
  });

  it('opens the featured pools when the URL is empty', () => {
    const desk = parse('');
    // Three featured pools: the layout that holds them is four, the last cell asks for a pool.
    expect(desk.layout).toBe(4);
    expect(desk.cells.map((c) => c?.pool.address ?? null)).toEqual([UNI, RAY, PANCAKE, null]);
    expect(desk.cells[0]?.interval).toBe('15m');
    expect(desk.sync).toEqual(DEFAULT_SYNC);
    expect(parse('layout=2').cells.map((c) => c?.pool.address)).toEqual([UNI, RAY]);
    // No featured pools at all: one empty cell, not a blank page.
    expect(parseDesk(new URLSearchParams(''), [])).toEqual({
      layout: 1,
      cells: [null],
      sync: DEFAULT_SYNC,
    });
  });

  it('falls back to 1, 2 or 4 for an unknown layout', () => {
    expect(parseLayout('1')).toBe(1);
    expect(parseLayout('2')).toBe(2);
    expect(parseLayout('3')).toBe(4);
    expect(parseLayout('4')).toBe(4);
    expect(parseLayout('9')).toBe(4);
    expect(parseLayout('999999')).toBeNull();
    for (const bad of ['0', '-1', '2.5', 'four', '', ' ', '0x2', undefined]) {
      expect(parseLayout(bad), String(bad)).toBeNull();
    }
    // No usable layout: as many cells as given decide it.
    expect(parse(`layout=banana&c=evm:1:${UNI}:1h,evm:56:${PANCAKE}:1h`).layout).toBe(2);
    expect(parse(`layout=3&c=evm:1:${UNI}:1h`).cells).toHaveLength(4);
  });

  it('reads at most four cells and turns bad ones into empty cells', () => {
    const desk = parse(
      [
        'layout=4&c=',
        [
          `evm:1:${UNI}:1h`,
          'evm:1:0x1234:1h', // too short for an EVM pool
          `nochain:1:${UNI}:1h`,
          `evm:1:${UNI}:1h`,
          `evm:56:${PANCAKE}:1h`, // a fifth cell
        ].join(','),
      ].join(''),
    );
    expect(desk.cells).toHaveLength(4);
    expect(desk.cells[0]).toEqual({ pool: uni, interval: '1h' });
    expect(desk.cells[1]).toBeNull();
    expect(desk.cells[2]).toBeNull();
    expect(desk.cells[3]).toEqual({ pool: uni, interval: '1h' });
    // Fewer cells than the layout: the rest are empty, and a link keeps their places.
    const sparse = parse(`layout=4&c=,evm:1:${UNI}:1h`);
    expect(sparse.cells).toEqual([null, { pool: uni, interval: '1h' }, null, null]);
    expect(deskQuery(sparse)).toBe(`?layout=4&c=,evm:1:${UNI}:1h`);
  });

  it('reads a cell: canonical pool, interval by name or label, default when unknown', () => {
    expect(parseCell(`ethereum:1:${UNI.toUpperCase().replace('0X', '0x')}:1D`)).toEqual({
      pool: uni,
      interval: '1d',
    });
    expect(parseCell(`evm:1:${UNI}`)).toEqual({ pool: uni, interval: '15m' });
    expect(parseCell(`evm:1:${UNI}:2h`)).toEqual({ pool: uni, interval: '15m' });
    for (const bad of [
      '',
      'evm',
      `evm:one:${UNI}:1h`,
      `evm:1:${UNI}:1h:extra`,
      'evm:1:%E0%A4%A:1h',
      `svm:501:${RAY}0OIl:1h`,
      'evm:1:<script>:1h',
    ]) {
      expect(parseCell(bad), bad).toBeNull();
    }
  });

  it('reads sync words, ignoring case and typos', () => {
    expect(parseSync(undefined)).toEqual(DEFAULT_SYNC);
    expect(parseSync('TIME')).toEqual({ crosshair: false, time: true });
    expect(parseSync('time,crosshair,bogus')).toEqual({ crosshair: true, time: true });
    expect(parseSync('')).toEqual({ crosshair: false, time: false });
    expect(parseSync('none')).toEqual({ crosshair: false, time: false });
    expect(parseSync('bogus')).toEqual(DEFAULT_SYNC);
  });

  it('survives hostile values: huge, repeated or array parameters', () => {
    const huge = parse(`c=${`evm:1:${UNI}:1h,`.repeat(10_000)}`);
    expect(huge.layout).toBe(4);
    expect(huge.cells.every((c) => c?.pool.address === UNI)).toBe(true);
    const record = parseDesk({ layout: ['2', '4'], c: [`evm:56:${PANCAKE}:4h`] }, FEATURED);
    expect(record.layout).toBe(2);
    expect(record.cells).toEqual([{ pool: pancake, interval: '4h' }, null]);
  });
});

describe('workspace URL: each cell keeps its indicators', () => {
  it('writes them per cell as the pool page does, and reads them back', () => {
    const desk: DeskParams = {
      layout: 2,
      cells: [
        {
          pool: uni,
          interval: '15m',
          studies: [
            { kind: 'rsi', period: 14 },
            { kind: 'ema', period: 20 },
          ],
        },
        { pool: ray, interval: '1h' },
      ],
      sync: DEFAULT_SYNC,
    };
    const query = deskQuery(desk);
    expect(query).toBe(`?layout=2&c=evm:1:${UNI}:15m,svm:501:${RAY}:1h&s1=rsi:14,ema:20`);
    expect(parse(query)).toEqual(desk);
    // The second cell's, with the first cell left without.
    const second = parse(`layout=2&c=evm:1:${UNI}:15m,svm:501:${RAY}:1h&s2=macd,bb:20:2`);
    expect(second.cells[0]?.studies).toBeUndefined();
    expect(second.cells[1]?.studies).toEqual([
      { kind: 'macd', period: 12, slow: 26, signal: 9 },
      { kind: 'bb', period: 20, width: 2 },
    ]);
  });

  it('reads an old link (none) and drops what is not an indicator or has no cell', () => {
    const old = parse(`layout=2&c=evm:1:${UNI}:15m,svm:501:${RAY}:1h`);
    expect(old.cells.map((c) => c?.studies)).toEqual([undefined, undefined]);
    const bad = parse(`layout=2&c=,svm:501:${RAY}:1h&s1=ema:20&s2=ema:1,rsi:14,nope&s3=ema:20`);
    expect(bad.cells[0]).toBeNull();
    expect(bad.cells[1]?.studies).toEqual([{ kind: 'rsi', period: 14 }]);
    expect(deskQuery(bad)).toBe(`?layout=2&c=,svm:501:${RAY}:1h&s2=rsi:14`);
  });
});
