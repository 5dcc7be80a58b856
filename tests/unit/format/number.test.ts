import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  direction,
  formatCompact,
  formatCount,
  formatFixed,
  formatPercent,
  formatPrice,
  formatSupply,
  USD,
  type FiatFormat,
} from '@/lib/core/format/number';
import { fiatFormat } from '@/lib/features/fiats/use-fiat';

const EUR: FiatFormat = { code: 'EUR', symbol: '€', precision: 2 };
const JPY: FiatFormat = { code: 'JPY', symbol: '¥', precision: 0 };
const NO_SYMBOL: FiatFormat = { code: 'CHF', symbol: '', precision: 2 };

describe('prices', () => {
  it('use the fiat symbol and precision, grouped, half-up', () => {
    expect(formatPrice('68123.455', USD)).toBe('$68,123.46');
    expect(formatPrice('68123.455', EUR)).toBe('€68,123.46');
    expect(formatPrice('68123.5', JPY)).toBe('¥68,124');
    expect(formatPrice('1234567.891', USD)).toBe('$1,234,567.89');
  });
  it('a fiat without a symbol (the seed\'s "") is shown by its code', () => {
    expect(formatPrice('12.5', NO_SYMBOL)).toBe('12.50 CHF');
    expect(formatPrice('2.5', NO_SYMBOL)).toBe('2.5000 CHF');
    expect(formatCompact('1234567890', NO_SYMBOL)).toBe('1.23B CHF');
  });
  it('prices between 1 and 10 keep four decimals, so a stablecoin off its peg shows', () => {
    expect(formatPrice('1.0002', USD)).toBe('$1.0002');
    expect(formatPrice('0.99987', USD)).toBe('$0.9999');
  });
  it('small prices keep four significant digits, memecoins count their zeros in subscript', () => {
    expect(formatPrice('0.00001234', USD)).toBe('$0.00001234');
    expect(formatPrice('0.1749', USD)).toBe('$0.1749');
    expect(formatPrice('0.000000001234', USD)).toBe('$0.0₈1234');
    expect(formatPrice('0.0000000000001', USD)).toBe('$0.0₁₂1');
  });
  it('exact from the string: no binary float noise', () => {
    // 0.1 + 0.2 style input: the digits shown are the digits given.
    expect(formatFixed('0.30000000000000004', 2)).toBe('0.30');
    expect(formatPrice('9007199254740993.01', USD)).toBe('$9,007,199,254,740,993.01');
    expect(formatFixed('1.005', 2)).toBe('1.01'); // a float would give 1.00
  });
  it('null, empty, garbage and "0"', () => {
    expect(formatPrice(null, USD)).toBe('—');
    expect(formatPrice(undefined, USD)).toBe('—');
    expect(formatPrice('', USD)).toBe('—');
    expect(formatPrice('abc', USD)).toBe('—');
    expect(formatPrice('0', USD)).toBe('$0.00');
    expect(formatPrice('0', JPY)).toBe('¥0');
  });
  it('negative values put the sign before the symbol', () => {
    expect(formatPrice('-12.5', USD)).toBe('-$12.50');
    expect(formatCompact('-2500000', USD)).toBe('-$2.50M');
  });
});

describe('counts', () => {
  it('groups a whole number as en-US does, without Intl', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    expect(formatCount(30_000_000n)).toBe('30,000,000');
    expect(formatCount(NaN)).toBe('NaN');
  });

  it('matches toLocaleString("en-US") for any safe integer and any bigint', () => {
    // `+ 0` turns -0 into 0: toLocaleString writes "-0", a count never does.
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => {
          expect(formatCount(n)).toBe((n + 0).toLocaleString('en-US'));
        },
      ),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});

describe('compact figures', () => {
  it('K, M, B, T with two decimals, one from a hundred', () => {
    expect(formatCompact('1234567890', USD)).toBe('$1.23B');
    expect(formatCompact('479700000000', USD)).toBe('$479.7B');
    expect(formatCompact('1190000000000', USD)).toBe('$1.19T');
    expect(formatCompact('12345', USD)).toBe('$12.35K');
    expect(formatCompact('999.994', USD)).toBe('$999.99');
  });
  it('a value that would round to 1000 of a unit reads as the next unit', () => {
    expect(formatCompact('999999', USD)).toBe('$1.00M');
    expect(formatCompact('999960000', USD)).toBe('$1.00B');
  });
  it('huge supplies stay exact and readable', () => {
    expect(formatSupply('420690000000000')).toBe('420.7T');
    expect(formatSupply('420690000000000000000')).toBe('420,690,000.0T');
    expect(formatSupply('19790000')).toBe('19.79M');
    expect(formatSupply('154000')).toBe('154,000');
    expect(formatSupply(null)).toBe('—'); // max_supply null
    expect(formatSupply('0')).toBe('0');
  });
});

describe('changes', () => {
  it('always carry a sign, so colour is never the only cue', () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-20.8')).toBe('-20.80%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
    expect(formatPercent(null)).toBe('—');
  });
  it('direction drives the colour', () => {
    expect(direction('0.01')).toBe('up');
    expect(direction('-0.01')).toBe('down');
    expect(direction('0')).toBe('flat');
    expect(direction('0.000')).toBe('flat');
    // A change that rounds to 0.00% is shown unsigned, so it is not coloured either.
    expect(direction('-0.004')).toBe('flat');
    expect(direction('0.0049')).toBe('flat');
    expect(direction('-0.005')).toBe('down');
    expect(direction(null)).toBe('flat');
  });
  it('the sign shown agrees with the direction for any decimal string', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        (n, scale) => {
          const text = (n / 10 ** scale).toFixed(scale);
          const shown = formatPercent(text);
          const dir = direction(text);
          if (shown.startsWith('+')) expect(dir).toBe('up');
          if (shown.startsWith('-')) expect(dir).toBe('down');
          if (!/^[+-]/.test(shown)) expect(dir).toBe('flat');
        },
      ),
    );
  });
});

describe('fiat formats from the fiats list', () => {
  it('take symbol and precision as given', () => {
    expect(fiatFormat({ code: 'eur', symbol: '€', precision: 2 }, 'EUR')).toEqual({
      code: 'EUR',
      symbol: '€',
      precision: 2,
    });
    expect(fiatFormat({ code: 'JPY', symbol: '¥', precision: 0 }, 'JPY')).toEqual({
      code: 'JPY',
      symbol: '¥',
      precision: 0,
    });
  });
  it('an absent fiat or an unusable precision falls back to the seed default of 2', () => {
    expect(fiatFormat(undefined, 'USD')).toEqual(USD);
    expect(fiatFormat(undefined, 'XYZ')).toEqual({ code: 'XYZ', symbol: '', precision: 2 });
    expect(fiatFormat({ code: 'ABC', symbol: '', precision: -1 }, 'ABC').precision).toBe(2);
  });
});
