/**
 * The time zone every time in the app is shown in: the browser's own (`local`), `utc`, or any IANA
 * zone the browser knows (`Asia/Tokyo`). A preference kept in the browser
 * (lib/client/stores/prefs.ts, set in Settings); the pool page and the widget also take it from
 * their URL (`tz=`), so it is validated wherever it is read.
 */
export type TimeZoneMode = 'local' | 'utc' | (string & {});

/** The calendar and clock of an instant in a zone. `month` counts from 0, like Date's. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const MAX_ZONE_LENGTH = 64;
// IANA names: `Area/Location[/Sub]`, `UTC`, `Etc/GMT+5`; checked by Intl after this shape test.
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  const known = formatters.get(zone);
  if (known) return known;
  try {
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // A handful of zones in use; a hostile URL cannot grow this without bound (parseZone caps names).
    if (formatters.size < 64) formatters.set(zone, f);
    return f;
  } catch {
    return null;
  }
}

/**
 * A zone as the app stores it, or null for anything else: `local`, `utc` (also `UTC`, `Etc/UTC`),
 * or an IANA name this browser (or Node) knows, in its canonical spelling.
 */
export function parseZone(value: unknown): TimeZoneMode | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (v === 'local' || v === 'utc') return v;
  if (v.length === 0 || v.length > MAX_ZONE_LENGTH || !ZONE_SHAPE.test(v)) return null;
  const f = formatter(v);
  if (!f) return null;
  const canonical = f.resolvedOptions().timeZone;
  return canonical === 'UTC' || canonical === 'Etc/UTC' ? 'utc' : canonical;
}

/** The browser's own zone name (`Europe/Berlin`), for labels. */
function localZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local';
  } catch {
    return 'local';
  }
}

/** The parts of an instant (Unix seconds) in a zone; an unknown zone reads as UTC. */
export function zonedParts(seconds: number, zone: TimeZoneMode): ZonedParts {
  const d = new Date(seconds * 1000);
  if (zone === 'local') {
    return {
      year: d.getFullYear(),
      month: d.getMonth(),
      day: d.getDate(),
      hours: d.getHours(),
      minutes: d.getMinutes(),
      seconds: d.getSeconds(),
    };
  }
  const f = zone === 'utc' ? null : formatter(zone);
  if (!f || Number.isNaN(d.getTime())) {
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth(),
      day: d.getUTCDate(),
      hours: d.getUTCHours(),
      minutes: d.getUTCMinutes(),
      seconds: d.getUTCSeconds(),
    };
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(d)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return {
    year: p.year ?? 0,
    month: (p.month ?? 1) - 1,
    day: p.day ?? 1,
    hours: p.hour ?? 0,
    minutes: p.minute ?? 0,
    seconds: p.second ?? 0,
  };
}

/**
 * A short name of the zone at an instant, for a suffix after a time: `UTC`, `GMT+9`, `EST`, `CET`.
 * Empty for `local` (times in the browser's own zone carry no suffix).
 */
export function zoneAbbreviation(zone: TimeZoneMode, seconds = Date.now() / 1000): string {
  if (zone === 'local') return '';
  if (zone === 'utc') return 'UTC';
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(seconds * 1000))
      .find((x) => x.type === 'timeZoneName');
    return part?.value ?? zone;
  } catch {
    return zone;
  }
}

/** How a zone is named in a picker: `Local (Europe/Berlin)`, `UTC`, `Asia/Tokyo`. */
export function zoneLabel(zone: TimeZoneMode): string {
  if (zone === 'local') return `Local (${localZoneName()})`;
  if (zone === 'utc') return 'UTC';
  return zone.replace(/_/g, ' ');
}

/** Every IANA zone this browser knows, for the Settings picker (a short list where Intl cannot say). */
export function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC');
  } catch {
    return ['America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Singapore', 'Asia/Tokyo'];
  }
}

/** A compact name for a toolbar: `Tokyo`, `New York`, `Local`, `UTC`. */
export function zoneShortLabel(zone: TimeZoneMode): string {
  if (zone === 'local') return 'Local';
  if (zone === 'utc') return 'UTC';
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/**
 * The choices of a time-zone toggle: the zones in use (the current and preferred ones when they are
 * named zones) first, then Local and UTC.
 */
export function zoneChoices(...inUse: (TimeZoneMode | null | undefined)[]): TimeZoneMode[] {
  const named = inUse.filter((z): z is TimeZoneMode => !!z && z !== 'local' && z !== 'utc');
  return [...new Set<TimeZoneMode>([...named, 'local', 'utc'])];
}

/**
 * The instant (Unix seconds) a wall-clock time names in a zone: `2026-11-25T09:00` in Tokyo is
 * 00:00 UTC. For a time a daylight-saving change skips or repeats, the earlier reading wins.
 */
export function zonedToUnix(
  wall: {
    year: number;
    month: number;
    day: number;
    hours: number;
    minutes: number;
    seconds?: number;
  },
  zone: TimeZoneMode,
): number {
  const { year, month, day, hours, minutes, seconds = 0 } = wall;
  if (zone === 'local') return new Date(year, month, day, hours, minutes, seconds).getTime() / 1000;
  const asUtc = Date.UTC(year, month, day, hours, minutes, seconds) / 1000;
  if (zone === 'utc') return asUtc;
  const offsetAt = (t: number) => {
    const p = zonedParts(t, zone);
    return Date.UTC(p.year, p.month, p.day, p.hours, p.minutes, p.seconds) / 1000 - Math.floor(t);
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

/** `2026-11-25T09:00` (an <input type="datetime-local"> value) read in a zone; null if malformed. */
export function parseZonedInput(value: string, zone: TimeZoneMode): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/.exec(value.trim());
  if (!m) return null;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = m
    .slice(1)
    .map((x) => Number(x ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  return zonedToUnix({ year, month: month - 1, day, hours, minutes, seconds }, zone);
}

/** An instant as an <input type="datetime-local"> value in a zone (to the minute). */
export function toZonedInput(seconds: number, zone: TimeZoneMode): string {
  const p = zonedParts(seconds, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}T${pad(p.hours)}:${pad(p.minutes)}`;
}
