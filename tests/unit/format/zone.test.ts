import { describe, expect, it } from 'vitest';
import {
  parseZone,
  zoneAbbreviation,
  zoneChoices,
  zonedParts,
  zoneShortLabel,
} from '@/lib/core/format/zone';
import { formatBarTime, formatClock as chartClock } from '@/lib/chart/rules/time-format';
import { formatDateTime, formatIsoDateTime } from '@/lib/features/wallets/time';
import { parsePoolView, parseWidget, poolViewQuery } from '@/lib/features/pools/params';
import { sanitizePrefs } from '@/lib/client/stores/prefs';

// 2026-07-01 12:34:56 UTC (summer: New York is UTC-4) and 2026-01-15 08:00:00 UTC (winter: UTC-5).
const SUMMER = Date.UTC(2026, 6, 1, 12, 34, 56) / 1000;
const WINTER = Date.UTC(2026, 0, 15, 8, 0, 0) / 1000;

describe('time zones', () => {
  it('accepts local, utc and IANA names in their canonical spelling', () => {
    expect(parseZone('local')).toBe('local');
    expect(parseZone('utc')).toBe('utc');
    expect(parseZone('UTC')).toBe('utc');
    expect(parseZone('Etc/UTC')).toBe('utc');
    expect(parseZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(parseZone('asia/tokyo')).toBe('Asia/Tokyo');
    expect(parseZone(' America/New_York ')).toBe('America/New_York');
  });

  it('refuses anything else, hostile or careless', () => {
    for (const bad of [
      'mars',
      'Mars/Olympus_Mons',
      '',
      '../../etc/passwd',
      'Asia/Tokyo<script>',
      `${'A'.repeat(70)}/B`,
      'Europe/Berlin/x/y',
      null,
      42,
      { tz: 'utc' },
    ]) {
      expect(parseZone(bad)).toBeNull();
    }
  });

  it('reads an instant in a named zone, across daylight saving', () => {
    expect(zonedParts(SUMMER, 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 6,
      day: 1,
      hours: 21,
      minutes: 34,
      seconds: 56,
    });
    expect(zonedParts(SUMMER, 'America/New_York').hours).toBe(8);
    expect(zonedParts(WINTER, 'America/New_York').hours).toBe(3);
    // Midnight is 00 (not 24) and the date rolls back in a zone west of UTC.
    const midnightTokyo = Date.UTC(2026, 2, 1, 15, 0, 0) / 1000;
    expect(zonedParts(midnightTokyo, 'Asia/Tokyo')).toMatchObject({ month: 2, day: 2, hours: 0 });
    expect(zonedParts(WINTER - 9 * 3600, 'America/Los_Angeles')).toMatchObject({
      day: 14,
      hours: 15,
    });
  });

  it('formats every kind of time in the zone', () => {
    expect(formatDateTime(SUMMER, 'utc')).toBe('2026-07-01 12:34:56 UTC');
    expect(formatDateTime(SUMMER, 'Asia/Tokyo')).toBe('2026-07-01 21:34:56 GMT+9');
    expect(formatDateTime(WINTER, 'America/New_York')).toBe('2026-01-15 03:00:00 EST');
    expect(formatIsoDateTime('2026-07-01T12:34:56Z', 'Asia/Tokyo')).toBe(
      '2026-07-01 21:34:56 GMT+9',
    );
    expect(formatIsoDateTime('not a date', 'utc')).toBe('not a date');
    expect(chartClock(SUMMER, 'Asia/Kolkata')).toBe('18:04:56');
    expect(formatBarTime(SUMMER, '1h', 'Asia/Tokyo')).toBe("1 Jul '26 21:34");
    expect(zoneAbbreviation('local')).toBe('');
  });

  it('offers the zones in use beside Local and UTC, once each', () => {
    expect(zoneChoices('utc', 'local')).toEqual(['local', 'utc']);
    expect(zoneChoices('Asia/Tokyo', 'Asia/Tokyo')).toEqual(['Asia/Tokyo', 'local', 'utc']);
    expect(zoneChoices('local', 'Europe/Berlin')).toEqual(['Europe/Berlin', 'local', 'utc']);
    expect(zoneShortLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it('takes an IANA zone from the pool page and widget URLs, and drops a bad one', () => {
    const view = parsePoolView({ tz: 'Asia/Tokyo' });
    expect(view.tz).toBe('Asia/Tokyo');
    expect(poolViewQuery(view)).toBe('?tz=Asia%2FTokyo');
    expect(parsePoolView({ tz: 'Asia/Nowhere' }).tz).toBeNull();
    expect(parseWidget({ tz: 'Europe/London' }).tz).toBe('Europe/London');
    expect(parseWidget({ tz: 'javascript:alert(1)' }).tz).toBe('local');
  });

  it('keeps only usable stored preferences (localStorage may be hand-edited)', () => {
    expect(sanitizePrefs({ theme: 'light', fiat: 'eur', tz: 'Asia/Tokyo' })).toEqual({
      theme: 'light',
      fiat: 'EUR',
      tz: 'Asia/Tokyo',
    });
    expect(sanitizePrefs({ theme: 'pink', fiat: '<b>', tz: 'Mars/Base' })).toEqual({});
    expect(sanitizePrefs(null)).toEqual({});
    expect(sanitizePrefs('tz')).toEqual({});
  });
});
