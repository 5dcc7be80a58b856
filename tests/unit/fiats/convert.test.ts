import { describe, expect, it } from 'vitest';
import {
  assetParam,
  convert,
  formatFiatAmount,
  formatTokenAmount,
  parseAmount,
  parseAsset,
  type Asset,
} from '@/lib/features/fiats/convert';

const USD: Asset = { kind: 'fiat', code: 'USD' };
const EUR: Asset = { kind: 'fiat', code: 'EUR' };
const BTC: Asset = { kind: 'token', id: 1 };
const ETH: Asset = { kind: 'token', id: 2 };

function amount(text: string) {
  const parsed = parseAmount(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

function ok(c: ReturnType<typeof convert>) {
  if (!c.ok) throw new Error(`conversion failed: ${c.reason}`);
  return c;
}

describe('parseAsset / assetParam', () => {
  it('reads fiats and tokens and writes them back', () => {
    expect(parseAsset('eur')).toEqual(EUR);
    expect(parseAsset('token:1')).toEqual(BTC);
    expect(assetParam(BTC)).toBe('token:1');
    expect(assetParam(EUR)).toBe('EUR');
  });
  it('refuses garbage', () => {
    for (const bad of [
      '',
      'token:',
      'token:0',
      'token:-1',
      'E',
      '€',
      'US D',
      'token:1.5',
      null,
      undefined,
    ]) {
      expect(parseAsset(bad)).toBeNull();
    }
  });
});

describe('parseAmount', () => {
  it('accepts digits, a decimal point and digit groups', () => {
    expect(amount('100').toFixed()).toBe('100');
    expect(amount(' 1,000.50 ').toFixed()).toBe('1000.5');
    expect(amount('.5').toFixed()).toBe('0.5');
    expect(amount('12345678901234567890.123456789').toFixed()).toBe(
      '12345678901234567890.123456789',
    );
  });
  it('refuses what is not an amount, with a sentence', () => {
    for (const bad of ['', 'abc', '1e5', '1.2.3', '-5', '0x10', 'NaN', 'Infinity']) {
      const r = parseAmount(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message.length).toBeGreaterThan(10);
    }
  });
});

describe('convert', () => {
  it('fiat -> fiat multiplies by the from-base rate exactly', () => {
    const c = ok(convert(amount('100'), USD, EUR, { fiatRate: '0.92123457' }));
    expect(c.result.toFixed()).toBe('92.123457');
    expect(formatFiatAmount(c.result, 2)).toBe('92.12');
  });
  it('keeps every digit where a float would not', () => {
    // 0.1 + 0.2 style trap: 3 × 0.1 is 0.30000000000000004 as floats.
    expect(ok(convert(amount('3'), USD, EUR, { fiatRate: '0.10000000' })).result.toFixed()).toBe(
      '0.3',
    );
    // A huge amount keeps its low digits: beyond 2^53.
    const big = ok(
      convert(amount('123456789012345678901234.56'), USD, EUR, { fiatRate: '1.00000001' }),
    );
    expect(big.result.toFixed()).toBe('123456790246913569024691.3490123456');
    expect(formatFiatAmount(big.result, 2)).toBe('123,456,790,246,913,569,024,691.35');
  });
  it('same asset converts 1:1 without figures', () => {
    expect(ok(convert(amount('7.5'), EUR, EUR, {})).result.toFixed()).toBe('7.5');
    expect(ok(convert(amount('7.5'), BTC, BTC, {})).result.toFixed()).toBe('7.5');
  });
  it('token -> fiat multiplies by the quote price', () => {
    const c = ok(convert(amount('1'), BTC, USD, { tokenPrice: '68123.45678901' }));
    expect(c.result.toFixed()).toBe('68123.45678901');
    expect(formatFiatAmount(c.result, 2)).toBe('68,123.46');
    expect(ok(convert(amount('0.5'), BTC, USD, { tokenPrice: '68000' })).result.toFixed()).toBe(
      '34000',
    );
  });
  it('fiat -> token divides by the price, to 40 decimals', () => {
    const c = ok(convert(amount('100'), USD, BTC, { tokenPrice: '68000' }));
    expect(formatTokenAmount(c.result)).toBe('0.0014705882');
    expect(c.rate.toFixed(12)).toBe('0.000014705882');
    // A memecoin: a big result, integer digits kept whole.
    const pepe = ok(convert(amount('1000000'), USD, BTC, { tokenPrice: '0.0000105' }));
    expect(formatTokenAmount(pepe.result)).toBe('95,238,095,238');
  });
  it('token -> token goes through both USD prices', () => {
    const c = ok(convert(amount('2'), ETH, BTC, { fromUsd: '3100', toUsd: '62000' }));
    expect(c.result.toFixed()).toBe('0.1');
    expect(c.rate.toFixed()).toBe('0.05');
  });
  it('says what is missing instead of inventing a number', () => {
    expect(convert(amount('1'), USD, EUR, {})).toEqual({ ok: false, reason: 'missing' });
    expect(convert(amount('1'), BTC, EUR, { tokenPrice: null })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(convert(amount('1'), USD, BTC, { tokenPrice: '0' })).toEqual({
      ok: false,
      reason: 'zero-price',
    });
    expect(convert(amount('1'), ETH, BTC, { fromUsd: '1', toUsd: '0.00' })).toEqual({
      ok: false,
      reason: 'zero-price',
    });
  });
});

describe('formatTokenAmount', () => {
  it('keeps up to 8 significant digits, half-up, without trailing zeros', () => {
    expect(formatTokenAmount('1.23456789')).toBe('1.2345679');
    expect(formatTokenAmount('0.000000123456789')).toBe('0.00000012345679');
    expect(formatTokenAmount('1234.5')).toBe('1,234.5');
    expect(formatTokenAmount('2')).toBe('2');
    expect(formatTokenAmount('0')).toBe('0');
    expect(formatTokenAmount('99999999.5')).toBe('100,000,000');
    expect(formatTokenAmount('9999999.95')).toBe('10,000,000');
  });
});
