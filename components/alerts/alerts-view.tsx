'use client';
/**
 * Every price alert of this browser, pool lines and token alerts alike: what it watches, when it
 * fires, where it stands (armed, or fired at what time and price), and re-arm, delete, open chart.
 */
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { usePrefs } from '@/lib/client/stores/prefs';
import { chainsQuery } from '@/lib/client/queries/price';
import { formatMoment, type TimeZoneMode } from '@/lib/chart/rules/time-format';
import { CONDITION_LABELS, isArmed, type PriceEntry } from '@/lib/features/alerts/model';
import { askNotifyPermission, notifyPermission } from '@/lib/features/alerts/notify';
import { useAlerts } from '@/lib/features/alerts/store';
import { formatNear } from '@/lib/core/format/price';
import { levelText, levelUnit, targetHref, targetName } from '@/lib/features/alerts/text';
import { MAX_WATCHED_POOLS } from '@/lib/features/alerts/watcher';

const ARROWS = { up: '↑', down: '↓', cross: '↕' } as const;

/** A moment of an alert in the time zone of Settings (as every time of the app). */
const formatWhen = (ms: number, tz: TimeZoneMode) => formatMoment(Math.floor(ms / 1000), tz);

/** Armed first (newest first), then fired (latest first). */
function order(a: PriceEntry, b: PriceEntry): number {
  const fa = a.alert?.firedAt ?? null;
  const fb = b.alert?.firedAt ?? null;
  if ((fa === null) !== (fb === null)) return fa === null ? -1 : 1;
  if (fa !== null && fb !== null) return fb - fa;
  return b.createdAt - a.createdAt;
}

function NotifyState() {
  const [permission, setPermission] = useState(notifyPermission);
  if (permission === 'granted')
    return <span className="text-12 text-muted">Browser notifications on</span>;
  if (permission === 'unsupported')
    return <span className="text-12 text-muted">This browser shows alerts in the page only</span>;
  if (permission === 'denied')
    return (
      <span className="text-12 text-muted">
        Notifications blocked in the browser: alerts show in the page only
      </span>
    );
  return (
    <Button size="sm" onClick={() => void askNotifyPermission().then(setPermission)}>
      Turn on browser notifications
    </Button>
  );
}

export function AlertsView() {
  const hydrated = useHydrated();
  const all = useAlerts((s) => s.entries);
  const tz = usePrefs((s) => s.tz);
  const alerts = useMemo(() => all.filter((e) => e.alert !== null).sort(order), [all]);
  // Chains by name, from the list the rest of the app names them with ("Ethereum", not "EVM 1").
  const chains = useQuery({
    ...chainsQuery,
    enabled: alerts.some((e) => e.target.kind === 'pool'),
  }).data;
  const chainName = (chainType: string, chainId: number) =>
    chains?.find((c) => c.chain_type === chainType && c.chain_id === chainId)?.name ??
    `${chainType.toUpperCase()} ${chainId}`;
  const armed = alerts.filter(isArmed).length;
  const { rearm, remove } = useAlerts.getState();
  const pools = new Set(
    alerts.filter((e) => e.target.kind === 'pool' && isArmed(e)).map((e) => targetHref(e.target)),
  ).size;

  return (
    <>
      <PageHeader
        title="Alerts"
        subtitle="Price alerts on pool charts and tokens, kept in this browser. They fire from any page of Pulse while a tab is open, also in the background."
        actions={hydrated ? <NotifyState /> : <Skeleton width={180} height={28} />}
      />
      <Panel
        title={
          hydrated && alerts.length > 0
            ? `${armed} armed · ${alerts.length - armed} fired`
            : 'Your alerts'
        }
      >
        {!hydrated ? (
          <div className="flex flex-col gap-3 p-3" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={16} className="w-full" />
            ))}
          </div>
        ) : alerts.length === 0 ? (
          <EmptyState
            title="No alerts yet."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Link
                  href="/pools"
                  prefetch={false}
                  className="inline-flex h-8 items-center rounded border border-border bg-raised px-3 text-13 font-medium text-text hover:bg-border"
                >
                  Open a pool chart
                </Link>
                <Link
                  href="/"
                  prefetch={false}
                  className="inline-flex h-8 items-center rounded border border-border bg-raised px-3 text-13 font-medium text-text hover:bg-border"
                >
                  Go to Markets
                </Link>
              </div>
            }
          >
            Add a price line on a pool chart and make it an alert, or use a token&apos;s bell on
            Markets.
          </EmptyState>
        ) : (
          // `relative`: the visually hidden header text is placed inside the scroller, never out to
          // the right of the page (it made /alerts 760 px wide on a phone).
          <div className="relative overflow-x-auto">
            <table className="num w-full border-separate border-spacing-0 text-13 sm:min-w-[760px]">
              <thead className="text-2xs uppercase tracking-wide text-muted">
                <tr>
                  <th
                    scope="col"
                    className="h-8 border-b border-border bg-panel px-2 text-left font-medium sm:sticky sm:left-0 sm:z-[1] sm:px-3"
                  >
                    Target
                  </th>
                  <th
                    scope="col"
                    className="hidden border-b border-border px-3 text-left font-medium sm:table-cell"
                  >
                    Condition
                  </th>
                  <th
                    scope="col"
                    className="border-b border-border px-2 text-right font-medium sm:px-3"
                  >
                    Level
                  </th>
                  <th
                    scope="col"
                    className="hidden border-b border-border px-3 text-left font-medium sm:table-cell"
                  >
                    Created
                  </th>
                  <th
                    scope="col"
                    className="border-b border-border px-2 text-left font-medium sm:px-3"
                  >
                    State
                  </th>
                  <th
                    scope="col"
                    className="border-b border-border px-2 text-right font-medium sm:px-3"
                  >
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((e) => {
                  const alert = e.alert!;
                  const fired = alert.firedAt !== null;
                  const name = targetName(e.target);
                  const condition =
                    e.target.kind === 'token'
                      ? alert.condition === 'down'
                        ? 'Falls below'
                        : 'Rises above'
                      : CONDITION_LABELS[alert.condition];
                  return (
                    <tr
                      key={e.id}
                      className="group h-11 hover:bg-raised/60"
                      data-testid="alert-row"
                      data-state={fired ? 'fired' : 'armed'}
                    >
                      <td className="border-b border-border/60 bg-panel px-2 py-1 leading-tight group-hover:bg-raised sm:sticky sm:left-0 sm:z-[1] sm:whitespace-nowrap sm:px-3">
                        <Link
                          href={targetHref(e.target)}
                          prefetch={false}
                          className="font-medium text-text hover:underline"
                        >
                          {name}
                        </Link>
                        <span className="block text-2xs text-muted" data-testid="alert-target-kind">
                          {e.target.kind === 'pool'
                            ? `Pool · ${chainName(e.target.chainType, e.target.chainId)}`
                            : `Token · ${e.target.fiat}`}
                        </span>
                      </td>
                      <td className="hidden whitespace-nowrap border-b border-border/60 px-3 text-muted sm:table-cell">
                        <span aria-hidden>{ARROWS[alert.condition]}</span> {condition}
                      </td>
                      <td className="border-b border-border/60 px-2 text-right font-medium text-text sm:whitespace-nowrap sm:px-3">
                        {/* On a phone the condition rides with the level, its column hidden. */}
                        <span className="text-muted sm:hidden" title={condition}>
                          <span aria-hidden>{ARROWS[alert.condition]}</span>
                          <span className="sr-only">{condition}</span>{' '}
                        </span>
                        <span data-testid="alert-level">{levelText(e)}</span>
                      </td>
                      <td className="hidden whitespace-nowrap border-b border-border/60 px-3 text-muted sm:table-cell">
                        <span data-testid="alert-created">{formatWhen(e.createdAt, tz)}</span>
                      </td>
                      <td className="border-b border-border/60 px-2 py-1 sm:whitespace-nowrap sm:px-3">
                        {fired ? (
                          <span className="flex flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2">
                            <Badge tone={(alert.firedPrice ?? 0) >= e.price ? 'up' : 'down'}>
                              Triggered
                            </Badge>
                            <span className="text-12 text-muted" data-testid="alert-fired">
                              {formatWhen(alert.firedAt!, tz)} at{' '}
                              <span className="text-text">
                                {formatNear(alert.firedPrice ?? 0, e.price)}
                                {levelUnit(e.target) ? ` ${levelUnit(e.target)}` : ''}
                              </span>
                            </span>
                          </span>
                        ) : (
                          <Badge tone="warn">Armed</Badge>
                        )}
                      </td>
                      <td className="whitespace-nowrap border-b border-border/60 px-2 text-right sm:px-3">
                        <span className="inline-flex flex-col items-end gap-0.5 sm:flex-row sm:items-center sm:gap-1">
                          {fired && (
                            <Button
                              size="sm"
                              variant="ghost"
                              onClick={() => rearm(e.id)}
                              aria-label={`Re-arm the alert on ${name} at ${levelText(e)}`}
                            >
                              Re-arm
                            </Button>
                          )}
                          <Link
                            href={targetHref(e.target)}
                            prefetch={false}
                            className="hidden h-7 items-center rounded px-2 text-12 font-medium text-accent hover:bg-raised sm:inline-flex"
                            aria-label={`Open the ${e.target.kind === 'pool' ? 'chart' : 'token page'} of ${name}`}
                          >
                            {e.target.kind === 'pool' ? 'Open chart' : 'Open token'}
                          </Link>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => remove(e.id)}
                            aria-label={`Delete the alert on ${name} at ${levelText(e)}`}
                          >
                            Delete
                          </Button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {hydrated && pools > MAX_WATCHED_POOLS && (
        <p className="mt-2 text-12 text-warn">
          Alerts on {pools} pools are armed; a tab follows {MAX_WATCHED_POOLS} at once, the others
          wait until one fires or is deleted.
        </p>
      )}
    </>
  );
}
