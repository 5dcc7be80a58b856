import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokenAmount, formatUnits } from '@/lib/core/format/units';

describe('amounts from integer strings (no float anywhere)', () => {
  it('18 decimals: wei to ETH, every digit kept', () => {
    expect(formatUnits('1', 18)).toBe('0.000000000000000001');
    expect(formatUnits('1000000000000000000', 18)).toBe('1');
    expect(formatUnits('834512600000000000', 18)).toBe('0.8345126');
    expect(formatUnits('123456789012345678901234567890', 18)).toBe(
      '123456789012.34567890123456789',
    );
    expect(formatTokenAmount('834512600000000000', 18)).toBe('0.834512');
    expect(formatTokenAmount('1', 18)).toBe('<0.000001');
  });

  it('0 decimals: the integer itself, grouped for display', () => {
    expect(formatUnits('42', 0)).toBe('42');
    expect(formatUnits('0', 0)).toBe('0');
    expect(formatTokenAmount('1234567', 0)).toBe('1,234,567');
  });

  it('huge values beyond 2^53 and 2^256 stay exact', () => {
    const max256 = (2n ** 256n - 1n).toString();
    expect(formatUnits(max256, 0)).toBe(max256);
    expect(formatUnits(max256, 18)).toBe(`${max256.slice(0, -18)}.${max256.slice(-18)}`);
    // 2^53 + 1 is the first integer a double cannot hold
    expect(formatUnits('9007199254740993', 0)).toBe('9007199254740993');
    expect(formatTokenAmount('9007199254740993000000', 6)).toBe('9,007,199,254,740,993');
  });

  it('null, empty or non-integer input is not a number', () => {
    expect(formatUnits(null, 18)).toBeNull();
    expect(formatUnits('1.5', 18)).toBeNull();
    expect(formatUnits('1e18', 18)).toBeNull();
    expect(formatTokenAmount(undefined, 6)).toBe('—');
  });

  it('display never shows more than the amount (truncation, not rounding)', () => {
    expect(formatTokenAmount('1999999999', 9, 2)).toBe('1.99');
    expect(formatTokenAmount('-1999999999', 9, 2)).toBe('-1.99');
  });

  it('round-trips: digits of the result are the digits of the input', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 80n }),
        fc.integer({ min: 0, max: 36 }),
        (n, d) => {
          const text = formatUnits(n.toString(), d)!;
          const [int = '', frac = ''] = text.split('.');
          expect(BigInt(int + frac.padEnd(d, '0'))).toBe(n);
        },
      ),
    );
  });
});
