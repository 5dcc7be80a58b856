'use client';
/**
 * This browser's display preferences: the time zone every time in the app is shown in (charts,
 * trades, the live feed, history, transactions, delivery logs). Kept in localStorage
 * (lib/client/stores/prefs.ts); nothing is sent to the server.
 */
import { useId, useMemo } from 'react';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useNow } from '@/lib/client/hooks/use-now';
import { usePrefs } from '@/lib/client/stores/prefs';
import { knownZones, parseZone, zoneLabel } from '@/lib/core/format/zone';
import { formatDateTime } from '@/lib/features/wallets/time';
import { Field, Select } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';

/** IANA zones grouped by their area (`America`, `Europe`…), for <optgroup>s. */
function groupedZones(): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const zone of knownZones()) {
    const area = zone.includes('/') ? zone.slice(0, zone.indexOf('/')) : 'Other';
    groups.set(area, [...(groups.get(area) ?? []), zone]);
  }
  return [...groups.entries()];
}

export function PreferencesPanel() {
  const id = useId();
  const hydrated = useHydrated();
  const tz = usePrefs((s) => s.tz);
  const setTz = usePrefs((s) => s.setTz);
  const now = useNow(1000);
  // The browser's list (≈ 420 zones): only after hydration, so the server's HTML stays small.
  const groups = useMemo(() => (hydrated ? groupedZones() : []), [hydrated]);
  const listed = groups.some(([, zones]) => zones.includes(tz));

  return (
    <Panel title="Display" bodyClassName="flex flex-col gap-3 p-3">
      <Field
        id={`${id}-tz`}
        label="Time zone"
        hint={
          <>
            Every time in Pulse is shown in this zone: charts, trades, the live feed, history and
            transactions. Kept in this browser.
            <span className="num mt-0.5 block text-text" data-testid="tz-preview">
              {hydrated ? `Now: ${formatDateTime(Math.floor(now / 1000), tz)}` : ''}
            </span>
          </>
        }
      >
        <Select
          id={`${id}-tz`}
          aria-describedby={`${id}-tz-hint`}
          data-testid="tz-select"
          value={tz}
          onChange={(e) => setTz(parseZone(e.target.value) ?? 'local')}
          className="max-w-sm"
        >
          <option value="local">{hydrated ? zoneLabel('local') : 'Local'}</option>
          <option value="utc">UTC</option>
          {!listed && tz !== 'local' && tz !== 'utc' && <option value={tz}>{zoneLabel(tz)}</option>}
          {groups.map(([area, zones]) => (
            <optgroup key={area} label={area}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {zoneLabel(z)}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
      </Field>
    </Panel>
  );
}
