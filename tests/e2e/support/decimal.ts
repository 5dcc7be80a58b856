/**
 * Expected figures for tests, computed from the strings the services send with BigInt (never a
 * float, and not with the app's own big.js code): a product rounded half-up, grouped as the app
 * writes numbers (`1,234.57`), and the same in another locale's marks.
 */

function scaled(text: string): { n: bigint; d: number } {
  const [i = '0', f = ''] = text.replace(/,/g, '').split('.');
  return { n: BigInt(`${i}${f}` || '0'), d: f.length };
}

/** a × b rounded half-up to `dp` decimals, as a plain decimal string (`3435.75`). */
export function timesExact(a: string, b: string, dp: number): string {
  const x = scaled(a);
  const y = scaled(b);
  let n = x.n * y.n;
  const d = x.d + y.d;
  if (d > dp) {
    const div = 10n ** BigInt(d - dp);
    const q = n / div;
    n = (n % div) * 2n >= div ? q + 1n : q;
  } else {
    n *= 10n ** BigInt(dp - d);
  }
  const text = n.toString().padStart(dp + 1, '0');
  return dp > 0 ? `${text.slice(0, text.length - dp)}.${text.slice(text.length - dp)}` : text;
}

/** `1234567.891` -> `1,234,567.891` */
export function grouped(plain: string): string {
  const [int = '0', frac] = plain.split('.');
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? g : `${g}.${frac}`;
}

/** `1,234.5` -> `1.234,5` */
export function german(text: string): string {
  return text.replace(/[.,]/g, (c) => (c === '.' ? ',' : '.'));
}

/** The exact product of two decimal strings, trailing zeros dropped (`0.5` × `0.91641412`). */
export function product(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  const d = x.d + y.d;
  const text = (x.n * y.n).toString().padStart(d + 1, '0');
  const out = d > 0 ? `${text.slice(0, text.length - d)}.${text.slice(text.length - d)}` : text;
  return out.includes('.') ? out.replace(/0+$/, '').replace(/\.$/, '') : out;
}
