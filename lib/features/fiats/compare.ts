import Big from 'big.js';

/** Compares two decimal strings exactly (for Flash): negative, zero or positive. */
export function compareDecimal(a: string, b: string): number {
  try {
    return new Big(a).cmp(new Big(b));
  } catch {
    return 0;
  }
}
