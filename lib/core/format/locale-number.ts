/**
 * Numbers as a locale writes them: its decimal and group separators (from Intl), reading a typed
 * amount without guessing, and writing our decimal strings with the locale's separators. Pure: the
 * locale is an argument (the browser's comes from lib/client/hooks/use-number-locale.ts).
 */

export interface NumberSeparators {
  /** `.` or `,` (a locale with another mark is read as if it were `.`) */
  decimal: '.' | ',';
  /** what the locale groups thousands with: `,` `.` a space or an apostrophe */
  group: string;
  /** groups of two above the thousands (`12,34,567`, en-IN) */
  indian?: boolean;
}

/** The app's own notation (and the URL's): `1,234.5`. */
export const CANONICAL: NumberSeparators = { decimal: '.', group: ',' };

export function separatorsOf(locale: string | readonly string[] | undefined): NumberSeparators {
  try {
    const parts = new Intl.NumberFormat(locale as string | string[] | undefined, {
      numberingSystem: 'latn',
    }).formatToParts(1234567.5);
    const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
    const group = parts.find((p) => p.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
    const ints = parts.filter((p) => p.type === 'integer').map((p) => p.value);
    const indian = ints.length === 3 && ints[1]?.length === 2;
    if (group === decimal) return CANONICAL;
    return indian ? { decimal, group, indian } : { decimal, group };
  } catch {
    return CANONICAL;
  }
}

/**
 * `1,234.5` (as lib/core/format/number writes) in the locale's notation: `1.234,5` (de-DE), `1 234,5`
 * (fr-FR). Anything else in the text (a symbol, a code, a subscript) is kept.
 */
export function localize(text: string, seps: NumberSeparators): string {
  if (seps.decimal === '.' && seps.group === ',') return text;
  return text.replace(/[.,]/g, (c) => (c === '.' ? seps.decimal : seps.group));
}

/** A canonical decimal string (`1234.5`, no groups) as the locale would type it: `1234,5`. */
export function toLocaleInput(canonical: string, seps: NumberSeparators): string {
  return seps.decimal === '.' ? canonical : canonical.replace('.', ',');
}

export type ParsedNumber =
  | { ok: true; /** digits with at most one `.`, no groups: `1000.5` */ value: string }
  | { ok: false; reason: 'empty' | 'negative' | 'invalid' | 'ambiguous'; message: string };

// Spaces and apostrophes only ever group digits, in every locale that uses them.
const SOFT_GROUP = /[\s\u00a0\u202f\u2009'\u2019_]/;

/** `1`, `12`, `123` then groups of three (`1,234,567`), or in India `12,34,567`; no leading zero. */
function validGrouping(chunks: readonly string[], indian = false): boolean {
  if (chunks.length < 2) return true;
  const [first = '', ...rest] = chunks;
  const last = rest[rest.length - 1] ?? '';
  if (!/^[1-9]\d{0,2}$/.test(first) || last.length !== 3) return false;
  const middle = rest.slice(0, -1);
  return (
    middle.every((c) => c.length === 3) ||
    (indian && first.length <= 2 && middle.every((c) => c.length === 2))
  );
}

/**
 * An amount as the user typed it in their locale. The locale's own notation always reads as the
 * locale says (`1.000` is a thousand in de-DE, `1,000` in en-US). The other notation is accepted
 * where only one reading exists: `0,5` in en-US cannot be digit groups, so it is a half; `1.000,50`
 * and `1,000.50` have both marks, so the last one is the decimal. A lone mark followed by three
 * digits in a locale that groups with neither mark (`1.000` in fr-FR) could be either: refused with
 * a message, never guessed.
 */
export function parseLocaleNumber(raw: string, seps: NumberSeparators = CANONICAL): ParsedNumber {
  const text = raw.trim();
  const example = localize('1,250.50', seps);
  if (text === '') return { ok: false, reason: 'empty', message: 'Enter an amount to convert.' };
  if (/^[-\u2212]/.test(text))
    return { ok: false, reason: 'negative', message: 'The amount cannot be negative.' };
  const invalid: ParsedNumber = {
    ok: false,
    reason: 'invalid',
    message: `“${text.slice(0, 40)}” is not a number: write it as ${example}.`,
  };
  // Only digits, the two marks and the group marks a locale may use.
  if (![...text].every((c) => /[\d.,]/.test(c) || SOFT_GROUP.test(c))) return invalid;

  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let decimal: '.' | ',' | null = null;
  if (dots > 0 && commas > 0) {
    const last = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    if ((last === '.' ? dots : commas) !== 1) return invalid;
    decimal = last;
  } else if (dots + commas === 1) {
    const mark: '.' | ',' = dots ? '.' : ',';
    const [int = '', frac = ''] = text.split(mark);
    const chunks = int.split(new RegExp(SOFT_GROUP.source)).filter((c) => c !== '');
    const couldGroup =
      frac.length === 3 && /^\d{3}$/.test(frac) && validGrouping([...chunks, frac], seps.indian);
    if (mark === seps.decimal || !couldGroup) decimal = mark;
    else if (mark !== seps.group) {
      const int = chunks.join('') || '0';
      return {
        ok: false,
        reason: 'ambiguous',
        message: `“${text}” is ambiguous: type ${int}${frac} or ${toLocaleInput(`${int}.${frac}`, seps)} (decimal), as your locale writes numbers like ${example}.`,
      };
    }
  }
  // Two or more of the same mark are digit groups (a decimal mark appears once).

  const [intText = '', fracText = '', extra] = decimal ? text.split(decimal) : [text];
  if (extra !== undefined) return invalid;
  if (!/^\d*$/.test(fracText)) return invalid;
  const groupMarks = new RegExp(`[.,]|${SOFT_GROUP.source}`);
  const chunks = intText.split(groupMarks);
  if (chunks.length > 1 && !validGrouping(chunks, seps.indian)) return invalid;
  const digits = chunks.join('');
  if (!/^\d*$/.test(digits) || (digits === '' && fracText === '')) return invalid;
  const int = digits.replace(/^0+(?=\d)/, '') || '0';
  return { ok: true, value: fracText ? `${int}.${fracText}` : int };
}
