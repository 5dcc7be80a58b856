/** Transaction times (Unix seconds) in the time zone preference, with a fixed width for tables. */
import { zoneAbbreviation, zonedParts, type TimeZoneMode as Zone } from '../../core/format/zone';

export type { Zone };

const pad = (n: number) => String(n).padStart(2, '0');

function parts(sec: number, zone: Zone) {
  const p = zonedParts(sec, zone);
  return {
    date: `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`,
    time: `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`,
  };
}

/** An ISO date string (the tx service's `created_at`) in the zone, or the string itself if unreadable. */
export function formatIsoDateTime(iso: string, zone: Zone): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatDateTime(Math.floor(ms / 1000), zone);
}

export function formatClock(sec: number | null | undefined, zone: Zone): string {
  return sec == null ? '—' : parts(sec, zone).time;
}

/** `2026-11-25 09:15:04`, with the zone's short name after it unless it is the browser's own. */
export function formatDateTime(sec: number | null | undefined, zone: Zone): string {
  if (sec == null) return '—';
  const p = parts(sec, zone);
  const suffix = zoneAbbreviation(zone, sec);
  return `${p.date} ${p.time}${suffix ? ` ${suffix}` : ''}`;
}
