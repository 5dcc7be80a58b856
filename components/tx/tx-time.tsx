'use client';
import { formatAge } from '@/lib/core/format/text';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useNow } from '@/lib/client/hooks/use-now';
import { usePrefs } from '@/lib/client/stores/prefs';
import { formatDateTime } from '@/lib/features/wallets/time';

/**
 * A transaction time in the user's zone with its age. The server knows neither the zone nor the
 * moment of hydration, so the first paint shows UTC without the age, then the browser's view.
 */
export function TxTime({ sec }: { sec: number }) {
  const hydrated = useHydrated();
  const zone = usePrefs((s) => s.tz);
  const now = useNow(5_000);
  if (!hydrated) return <span>{formatDateTime(sec, 'utc')}</span>;
  return (
    <span title={formatDateTime(sec, 'utc')}>
      {formatDateTime(sec, zone)}{' '}
      <span className="text-muted">· {formatAge(now - sec * 1000)}</span>
    </span>
  );
}
