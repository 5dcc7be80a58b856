import { describe, expect, it } from 'vitest';
import {
  CANONICAL,
  localize,
  parseLocaleNumber,
  separatorsOf,
  toLocaleInput,
  type NumberSeparators,
} from '@/lib/core/format/locale-number';

const DE = separatorsOf('de-DE');
const EN = separatorsOf('en-US');
const FR = separatorsOf('fr-FR');
const CH = separatorsOf('de-CH');

function read(text: string, seps: NumberSeparators): string {
  const r = parseLocaleNumber(text, seps);
  if (!r.ok) throw new Error(`${text}: ${r.message}`);
  return r.value;
}

describe('separatorsOf', () => {
  it('reads the marks from Intl', () => {
    expect(DE).toEqual({ decimal: ',', group: '.' });
    expect(separatorsOf('en-IN')).toEqual({ decimal: '.', group: ',', indian: true });
    expect(EN).toEqual({ decimal: '.', group: ',' });
    expect(FR.decimal).toBe(',');
    expect(FR.group).toMatch(/\s|\u202f/);
    expect(CH.decimal).toBe('.');
    expect(separatorsOf('not a locale !!')).toEqual(CANONICAL);
  });
});

describe('parseLocaleNumber', () => {
  it('de-DE reads a decimal comma as a decimal (the issue’s cases)', () => {
    expect(read('0,5', DE)).toBe('0.5');
    expect(read('1,5', DE)).toBe('1.5');
    expect(read('1,00', DE)).toBe('1.00');
    expect(read('12,3456', DE)).toBe('12.3456');
    expect(read('1.000,50', DE)).toBe('1000.50');
    expect(read('1.000', DE)).toBe('1000');
    expect(read('1.234.567,891', DE)).toBe('1234567.891');
  });
  it('de-DE takes the other notation where it has one reading', () => {
    expect(read('0.5', DE)).toBe('0.5');
    expect(read('1.5', DE)).toBe('1.5');
    expect(read('0.125', DE)).toBe('0.125');
    expect(read('2,500.5', DE)).toBe('2500.5');
    expect(read('1234.567', DE)).toBe('1234.567');
  });
  it('en-US reads its own notation, and a lone comma that cannot be a group as a decimal', () => {
    expect(read('1,000', EN)).toBe('1000');
    expect(read('1,000.50', EN)).toBe('1000.50');
    expect(read('0,5', EN)).toBe('0.5');
    expect(read('1,5', EN)).toBe('1.5');
    expect(read('1,00', EN)).toBe('1.00');
    expect(read('12,3456', EN)).toBe('12.3456');
    expect(read('1.000,50', EN)).toBe('1000.50');
    expect(read('.5', EN)).toBe('0.5');
    expect(read('5.', EN)).toBe('5');
    expect(read(' 007 ', EN)).toBe('7');
  });
  it('spaces and apostrophes group digits in any locale', () => {
    expect(read('1 000 000,25', FR)).toBe('1000000.25');
    expect(read('1\u202f000,25', FR)).toBe('1000.25');
    expect(read("1'000.25", CH)).toBe('1000.25');
    expect(read('1 000', EN)).toBe('1000');
    expect(read('12,34,567.5', separatorsOf('en-IN'))).toBe('1234567.5');
    expect(parseLocaleNumber('12,34,567.5', EN).ok).toBe(false);
  });
  it('refuses, never guesses, a lone mark that could be either', () => {
    for (const [text, seps] of [
      ['1.000', FR],
      ['12.345', FR],
      ['1,000', CH],
    ] as const) {
      const r = parseLocaleNumber(text, seps);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.reason).toBe('ambiguous');
        expect(r.message).toContain('ambiguous');
      }
    }
    const fr = parseLocaleNumber('1.000', FR);
    expect(!fr.ok && fr.message).toContain('type 1000 or 1,000 (decimal)');
  });
  it('refuses what is not a number, in a sentence with an example in the locale', () => {
    for (const bad of [
      'abc',
      '1e5',
      '1.2.3',
      '1,2,3',
      '0x10',
      '1,000.000,5',
      '1.00.000',
      ',',
      '+5',
    ]) {
      const r = parseLocaleNumber(bad, DE);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.reason).toBe('invalid');
    }
    const r = parseLocaleNumber('12abc', DE);
    expect(!r.ok && r.message).toContain('1.250,50');
    expect(parseLocaleNumber('-5', DE)).toMatchObject({ ok: false, reason: 'negative' });
    expect(parseLocaleNumber('  ', DE)).toMatchObject({ ok: false, reason: 'empty' });
  });
});

describe('localize / toLocaleInput', () => {
  it('writes the app’s notation in the locale’s marks', () => {
    expect(localize('1,383.25402200', DE)).toBe('1.383,25402200');
    expect(localize('1,383.25402200', EN)).toBe('1,383.25402200');
    expect(localize('€1,234.50', DE)).toBe('€1.234,50');
    expect(toLocaleInput('1000.5', DE)).toBe('1000,5');
    expect(toLocaleInput('1000.5', EN)).toBe('1000.5');
  });
});
