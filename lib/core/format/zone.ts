/** How times read: in the trader's own zone or in UTC (a preference, lib/client/stores/prefs.ts). */
export type TimeZoneMode = 'local' | 'utc';
