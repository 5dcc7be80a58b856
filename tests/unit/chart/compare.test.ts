import { describe, expect, it } from 'vitest';
import type { Candle } from '@/lib/chart/rules/candles';
import {
  MAX_COMPARE,
  changeSince,
  firstAtOrAfter,
  formatCompare,
  lastAtOrBefore,
  parseCompare,
  parseCompareKey,
  percentFrom,
  readPoolInput,
} from '@/lib/chart/rules/compare';
import { effectiveScale, parseScale } from '@/lib/chart/rules/scale';
import { scriptSnippet } from '@/lib/features/pools/embed-snippet';
import {
  parsePoolView,
  parseWidget,
  poolViewQuery,
  widgetQuery,
  WIDGET_DEFAULTS,
} from '@/lib/features/pools/params';

const UNI = {
  chainType: 'evm' as const,
  chainId: 1,
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
};
const BASE = 'evm:8453:0xd0b53d9277642d899df5c87a3966a349a798f224';
const SOL = 'svm:501:58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';
const ARB = 'evm:42161:0xc6962004f452be9203591991d15f6b388e09e8d0';
const ETH2 = 'evm:1:0x11950d141ecb863f01007add7d1a342041227b58';

const bar = (time: number, close: number): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

describe('scale=', () => {
  it('takes log and pct, and anything else is linear', () => {
    expect(parseScale('log')).toBe('log');
    expect(parseScale('pct')).toBe('pct');
    for (const v of [undefined, null, '', 'LOG', 'percent', 'linear', 'log;x'])
      expect(parseScale(v)).toBe('linear');
  });
  it('is percent while pools are compared, whatever was chosen', () => {
    expect(effectiveScale('log', true)).toBe('pct');
    expect(effectiveScale('linear', true)).toBe('pct');
    expect(effectiveScale('log', false)).toBe('log');
  });
  it('is written on the pool page only when not linear, and read back', () => {
    expect(poolViewQuery(parsePoolView({ scale: 'linear' }))).toBe('');
    expect(poolViewQuery(parsePoolView({ scale: 'log' }))).toBe('?scale=log');
    expect(parsePoolView({ scale: 'bogus' }).scale).toBe('linear');
  });
  it("is one of the widget's parameters, round-tripped", () => {
    const p = { ...WIDGET_DEFAULTS, scale: 'pct' as const };
    expect(widgetQuery(p)).toContain('scale=pct');
    expect(parseWidget(new URLSearchParams(widgetQuery(p).slice(1)))).toEqual(p);
    expect(parseWidget({ scale: '<script>' }).scale).toBe('linear');
  });
  it('goes into the one-script-tag snippet (with the indicators) when not linear', () => {
    const tag = scriptSnippet('https://pulse.example', UNI, {
      ...WIDGET_DEFAULTS,
      scale: 'log',
      studies: [{ kind: 'ema', period: 20 }],
    });
    expect(tag).toContain(' data-scale="log" data-studies="ema:20" ');
    expect(scriptSnippet('https://pulse.example', UNI, WIDGET_DEFAULTS)).not.toContain(
      'data-scale',
    );
  });
});

describe('compare=', () => {
  it('reads pool keys in their canonical spelling (alias chain types, lowercase hex)', () => {
    expect(parseCompareKey('ethereum:8453:0xD0B53D9277642D899DF5C87A3966A349A798F224')).toEqual({
      chainType: 'evm',
      chainId: 8453,
      address: '0xd0b53d9277642d899df5c87a3966a349a798f224',
    });
    // Base58 keeps its case.
    expect(parseCompareKey(SOL)?.address).toBe('58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW');
  });
  it('drops what is not a pool, repeats and the page’s own pool, and keeps at most three', () => {
    const raw = [
      'evm:1:0x123', // short hex
      'nochain:1:abc',
      'evm:x:0xd0b53d9277642d899df5c87a3966a349a798f224',
      'evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640', // the page's own pool
      BASE,
      BASE.toUpperCase().replace('EVM', 'evm').replace('0X', '0x'),
      'svm:501:../../etc/passwd',
      'evm:1:0xd0b53d9277642d899df5c87a3966a349a798f224:extra',
      SOL,
      ARB,
      ETH2,
    ].join(',');
    const pools = parseCompare(raw, UNI);
    expect(pools.length).toBe(MAX_COMPARE);
    expect(formatCompare(pools)).toBe([BASE, SOL, ARB].join(','));
    expect(parseCompare('')).toEqual([]);
    expect(parseCompare(undefined)).toEqual([]);
  });
  it('round-trips through the pool page URL, never comparing a pool with itself', () => {
    const view = parsePoolView({ compare: `${BASE},${SOL}` }, UNI);
    expect(poolViewQuery(view)).toBe(`?compare=${encodeURIComponent(`${BASE},${SOL}`)}`);
    expect(parsePoolView(new URLSearchParams(poolViewQuery(view).slice(1)), UNI)).toEqual(view);
    expect(parsePoolView({ compare: `evm:1:${UNI.address}` }, UNI).compare).toEqual([]);
  });
  it('takes what a trader types: a key, a pool link, or an address on the chain on screen', () => {
    expect(readPoolInput(` ${BASE} `, UNI)).toMatchObject({ ok: true, ref: { chainId: 8453 } });
    expect(
      readPoolInput(
        'https://pulse.example/pools/svm/501/58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW?interval=1h',
        UNI,
      ),
    ).toMatchObject({ ok: true, ref: { chainType: 'svm', chainId: 501 } });
    expect(readPoolInput('0x11950D141ECB863F01007ADD7D1A342041227B58', UNI)).toEqual({
      ok: true,
      ref: { chainType: 'evm', chainId: 1, address: '0x11950d141ecb863f01007add7d1a342041227b58' },
    });
    expect(readPoolInput('', UNI)).toMatchObject({ ok: false, reason: 'Enter a pool address.' });
    expect(readPoolInput('0x1234', UNI)).toMatchObject({ ok: false, reason: /40 hexadecimal/ });
    expect(readPoolInput('a:b', UNI)).toMatchObject({ ok: false });
    expect(readPoolInput('/pools/evm/1/%E0%A4%A', UNI)).toMatchObject({ ok: false });
  });
});

describe('percent maths', () => {
  it('measures a change from its base, with no meaningful result without a base', () => {
    expect(percentFrom(100, 110)).toBeCloseTo(10, 10);
    expect(percentFrom(200, 150)).toBeCloseTo(-25, 10);
    expect(percentFrom(0, 5)).toBeNull();
    expect(percentFrom(-1, 5)).toBeNull();
    expect(percentFrom(Number.NaN, 5)).toBeNull();
    expect(percentFrom(5, Number.POSITIVE_INFINITY)).toBeNull();
  });
  it('finds bars around a time', () => {
    const bars = [bar(10, 1), bar(20, 2), bar(30, 3)];
    expect(firstAtOrAfter(bars, 5)).toBe(0);
    expect(firstAtOrAfter(bars, 20)).toBe(1);
    expect(firstAtOrAfter(bars, 21)).toBe(2);
    expect(firstAtOrAfter(bars, 31)).toBe(-1);
    expect(lastAtOrBefore(bars, 5)).toBe(-1);
    expect(lastAtOrBefore(bars, 20)).toBe(1);
    expect(lastAtOrBefore(bars, 25)).toBe(1);
    expect(lastAtOrBefore(bars, 99)).toBe(2);
  });
  it('starts every line at 0 % at the first visible bar, as the percent scale draws it', () => {
    const a = [bar(0, 50), bar(60, 100), bar(120, 110), bar(180, 90)];
    const b = [bar(60, 2000), bar(120, 2100), bar(180, 2300)];
    // View from t=60: both measured from their bar at 60.
    expect(changeSince(a, 60, null)?.percent).toBeCloseTo(-10, 10);
    expect(changeSince(b, 60, null)?.percent).toBeCloseTo(15, 10);
    // At the first visible bar itself, 0.
    expect(changeSince(a, 60, 60)?.percent).toBe(0);
    // Hovering a time the pool has no bar for: its latest bar before it.
    const hovered = changeSince(b, 60, 150);
    expect(hovered).toMatchObject({ base: 2000, close: 2100 });
    expect(hovered?.percent).toBeCloseTo(5, 10);
    // A line that begins after the view's start is measured from its own first bar.
    expect(changeSince(b, 0, null)?.base).toBe(2000);
    // Nothing in view, or hovering before the line begins.
    expect(changeSince(b, 240, null)).toBeNull();
    expect(changeSince(b, 60, 30)).toBeNull();
    expect(changeSince([], null, null)).toBeNull();
  });
});
