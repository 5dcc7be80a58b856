import { describe, expect, it } from 'vitest';
import { moneyOf, usdRateOf, usdToFiat, USD_BY_CODE } from '@/lib/features/fiats/usd';
import { formatCompact, formatPrice, USD } from '@/lib/core/format/number';
import { poolUsdFromClose } from '@/lib/features/pools/live';

const EUR = { code: 'EUR', symbol: '€', precision: 2 };
const RATES = [
  { target_fiat_id: 2, target_fiat_code: 'EUR', rate: '0.91641412' },
  { target_fiat_id: 6, target_fiat_code: 'KRW', rate: '1383.25402200' },
  { target_fiat_id: 9, target_fiat_code: 'XXX', rate: '0.00000000' },
];

describe('usdRateOf / usdToFiat', () => {
  it('finds the rate by code, case-insensitively; none for a missing or zero rate', () => {
    expect(usdRateOf(RATES, 'eur')).toBe('0.91641412');
    expect(usdRateOf(RATES, 'VES')).toBeNull();
    expect(usdRateOf(RATES, 'XXX')).toBeNull();
  });
  it('multiplies exactly', () => {
    expect(usdToFiat('3749.12', '0.91641412')?.toFixed()).toBe('3435.7465055744');
    // 0.1 × 3 is 0.30000000000000004 as floats
    expect(usdToFiat('0.1', '3.00000000')?.toFixed()).toBe('0.3');
    expect(usdToFiat('abc', '1')).toBeNull();
    expect(usdToFiat('1', null)).toBeNull();
  });
});

describe('moneyOf', () => {
  it('converted figures carry the chosen fiat', () => {
    const m = moneyOf({ kind: 'converted', rate: '0.91641412' }, EUR);
    expect(formatPrice(m.of('3749.12'), m.format)).toBe('€3,435.75');
    expect(formatCompact(m.of('156900000'), m.format)).toBe('€143.8M');
  });
  it('USD, a rate on its way, and no rate: USD figures, by code when the fiat could not be used', () => {
    expect(moneyOf({ kind: 'usd' }, USD).format).toEqual(USD);
    expect(moneyOf({ kind: 'loading' }, EUR).format).toEqual(USD);
    const none = moneyOf({ kind: 'fallback', reason: 'no VES rate' }, EUR);
    expect(none.format).toEqual(USD_BY_CODE);
    expect(formatPrice(none.of('3749.12'), none.format)).toBe('3,749.12 USD');
  });
});

const q = (usd: string) => ({ usd, source: 'live' as const, at: 1 });

describe('poolUsdFromClose', () => {
  it('close × the quote token’s USD price, in big.js', () => {
    expect(poolUsdFromClose(3761.59, q('0.9997'))?.toFixed()).toBe('3760.461523');
    expect(poolUsdFromClose(2.35e-9, q('3783.349868'))?.toFixed()).toBe('0.0000088908721898');
    expect(poolUsdFromClose(null, q('1'))).toBeNull();
    expect(poolUsdFromClose(Number.NaN, q('1'))).toBeNull();
    expect(poolUsdFromClose(1, null)).toBeNull();
  });
});
