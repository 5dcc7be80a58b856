/**
 * The Indicators panel's rules (lib/chart/rules/studies.ts): Bollinger Bands with a width, the
 * old `bb:20` still read; a period or a width typed by hand is checked with a reason; and the
 * remembered tools (lib/chart/rules/memory.ts) yield to a link that names its own.
 */
import { describe, expect, it } from 'vitest';
import { BollingerBands } from 'trading-signals';
import type { Candle } from '@/lib/chart/rules/candles';
import { computeStudy } from '@/lib/chart/rules/indicators';
import {
  checkBbWidth,
  checkPeriod,
  formatStudies,
  formatStudy,
  parseStudies,
  parseStudy,
  studyLabel,
} from '@/lib/chart/rules/studies';
import { rememberedView } from '@/lib/chart/rules/memory';

const BARS: Candle[] = Array.from({ length: 120 }, (_, i) => {
  const close = 100 + 10 * Math.sin(i / 5) + (i % 7);
  return {
    time: 1_700_000_000 + i * 60,
    open: close,
    high: close + 1,
    low: close - 1,
    close,
    volume: 1,
  };
});

describe('Bollinger Bands width', () => {
  it('writes bb:period:width and reads it back; bb:20 (the old form) reads as 2 deviations', () => {
    expect(parseStudies('bb:20:2.5,bb:20,bb:30:3')).toEqual([
      { kind: 'bb', period: 20, width: 2.5 },
      { kind: 'bb', period: 20, width: 2 },
      { kind: 'bb', period: 30, width: 3 },
    ]);
    expect(formatStudies(parseStudies('bb:20:2.5,bb,bb:20:2.0'))).toBe('bb:20:2.5,bb:20:2');
    expect(studyLabel({ kind: 'bb', period: 20, width: 2.5 })).toBe('BB 20 2.5');
    expect(studyLabel({ kind: 'bb', period: 20 })).toBe('BB 20 2');
  });

  it('drops a width it cannot use', () => {
    for (const bad of ['bb:20:0', 'bb:20:11', 'bb:20:-2', 'bb:20:2.555', 'bb:20:x', 'bb:20:2:1'])
      expect(parseStudy(bad), bad).toBeNull();
  });

  it('bands at the width asked, as trading-signals computes them', () => {
    for (const width of [1, 2.5, 3]) {
      const ours = computeStudy({ kind: 'bb', period: 20, width }, BARS);
      const oracle = new BollingerBands(20, width);
      BARS.forEach((b, i) => {
        const ref = oracle.update(b.close, false);
        if (i < 19) return expect(ours[i]).toBeNull();
        for (const k of ['upper', 'middle', 'lower'] as const)
          expect(Math.abs((ours[i]?.[k] ?? NaN) - Number(ref?.[k]))).toBeLessThan(1e-9);
      });
    }
    expect(formatStudy({ kind: 'bb', period: 20 })).toBe('bb:20:2');
  });
});

describe('a period or width typed in the panel', () => {
  it('takes a whole number of bars from 2 to 500', () => {
    expect(checkPeriod('20')).toEqual({ ok: true, value: 20 });
    expect(checkPeriod(' 500 ')).toEqual({ ok: true, value: 500 });
    expect(checkPeriod('2')).toEqual({ ok: true, value: 2 });
  });

  it('says why 1, 600, -3, 12.5, empty and words are not a period', () => {
    const reason = (t: string) => {
      const r = checkPeriod(t);
      return r.ok ? null : r.reason;
    };
    expect(reason('1')).toMatch(/^Out of range: a whole number of bars from 2 to 500\.$/);
    expect(reason('600')).toMatch(/^Out of range/);
    expect(reason('-3')).toMatch(/^Out of range/);
    expect(reason('12.5')).toMatch(/^No fractions/);
    expect(reason('')).toMatch(/^Enter a period/);
    expect(reason('   ')).toMatch(/^Enter a period/);
    expect(reason('abc')).toMatch(/^Not a number/);
    expect(reason('2e1')).toMatch(/^Not a number/);
  });

  it('takes a width of 0.1 to 10 deviations, two decimals at most', () => {
    expect(checkBbWidth('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(checkBbWidth('0.1')).toEqual({ ok: true, value: 0.1 });
    for (const bad of ['0', '10.5', '-1', '2.555', '', 'x'])
      expect(checkBbWidth(bad).ok, bad).toBe(false);
  });
});

describe('remembered indicators and scale', () => {
  const memory = { studies: 'ema:20,bb:20:2,rsi:14', scale: 'log' as const };

  it('fill in what the link does not name', () => {
    expect(rememberedView('', memory)).toEqual({
      studies: parseStudies('ema:20,bb:20:2,rsi:14'),
      scale: 'log',
    });
    expect(rememberedView('?interval=1h', memory).studies).toHaveLength(3);
  });

  it('yield to a link that names its own, even none', () => {
    expect(rememberedView('?studies=sma:50', memory)).toEqual({ scale: 'log' });
    expect(rememberedView('?studies=&scale=pct', memory)).toEqual({});
  });

  it('give nothing before the trader set any', () => {
    expect(rememberedView('', { studies: null, scale: null })).toEqual({});
  });
});
