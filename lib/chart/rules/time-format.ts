/**
 * Time labels of the chart in the trader's time zone (local, UTC or an IANA zone: lib/core/format/zone.ts).
 * Candle times are UTC seconds; lightweight-charts places its tick marks in UTC, and these formatters
 * only choose how they read.
 */
import type { KlineInterval } from './intervals';

import { zoneAbbreviation, zonedParts, type TimeZoneMode } from '../../core/format/zone';

export type { TimeZoneMode };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = zonedParts;

const pad = (n: number) => String(n).padStart(2, '0');

/** The time of one bar, as precise as its interval: `14 Nov '26 09:15`, `Nov 2026`, `2026`. */
export function formatBarTime(seconds: number, interval: KlineInterval, tz: TimeZoneMode): string {
  const p = parts(seconds, tz);
  const date = `${p.day} ${MONTHS[p.month]} '${pad(p.year % 100)}`;
  switch (interval) {
    case '1Y':
      return String(p.year);
    case '1M':
      return `${MONTHS[p.month]} ${p.year}`;
    case '1d':
    case '1w':
      return date;
    case '1s':
      return `${date} ${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
    default:
      return `${date} ${pad(p.hours)}:${pad(p.minutes)}`;
  }
}

/** lightweight-charts' TickMarkType: Year 0, Month 1, DayOfMonth 2, Time 3, TimeWithSeconds 4. */
export function formatTickMark(seconds: number, tickMarkType: number, tz: TimeZoneMode): string {
  const p = parts(seconds, tz);
  switch (tickMarkType) {
    case 0:
      return String(p.year);
    case 1:
      return MONTHS[p.month] ?? '';
    case 2:
      return String(p.day);
    case 4:
      return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
    default:
      return `${pad(p.hours)}:${pad(p.minutes)}`;
  }
}

/** `09:15:04` for trade lists. */
export function formatClock(seconds: number, tz: TimeZoneMode): string {
  const p = parts(seconds, tz);
  return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
}

/**
 * `25 Nov 14:44:05 GMT+5:30`: a moment of the trader's tools (a marker's card, "Your trades", the
 * alerts' "Created" and "Triggered") in the chosen zone, its short name after it unless it is the
 * browser's own, as the Wallets times are written (lib/features/wallets/time.ts).
 */
export function formatMoment(seconds: number, tz: TimeZoneMode): string {
  const p = parts(seconds, tz);
  const suffix = zoneAbbreviation(tz, seconds);
  const text = `${p.day} ${MONTHS[p.month]} ${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
  return suffix ? `${text} ${suffix}` : text;
}
