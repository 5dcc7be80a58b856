/** Transaction times (Unix seconds) in the user's zone or UTC, with a fixed width for tables. */
import type { TimeZoneMode as Zone } from '../../core/format/zone';

export type { Zone };

function parts(sec: number, zone: Zone) {
  const d = new Date(sec * 1000);
  const utc = zone === 'utc';
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${utc ? d.getUTCFullYear() : d.getFullYear()}-${pad((utc ? d.getUTCMonth() : d.getMonth()) + 1)}-${pad(utc ? d.getUTCDate() : d.getDate())}`,
    time: `${pad(utc ? d.getUTCHours() : d.getHours())}:${pad(utc ? d.getUTCMinutes() : d.getMinutes())}:${pad(utc ? d.getUTCSeconds() : d.getSeconds())}`,
  };
}

export function formatClock(sec: number | null | undefined, zone: Zone): string {
  return sec == null ? '—' : parts(sec, zone).time;
}

export function formatDateTime(sec: number | null | undefined, zone: Zone): string {
  if (sec == null) return '—';
  const p = parts(sec, zone);
  return `${p.date} ${p.time}${zone === 'utc' ? ' UTC' : ''}`;
}
