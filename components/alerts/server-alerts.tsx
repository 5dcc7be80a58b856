'use client';
/**
 * /alerts, "With Pulse closed": the alerts the server holds for this browser (its push
 * subscription, lib/features/alerts/push-client.ts), each with where it stands, and a way to take
 * any of them off the server (the alert itself stays in this browser). Off, it offers the switch.
 */
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { shorten } from '@/lib/core/format/text';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { usePrefs } from '@/lib/client/stores/prefs';
import { usePush } from '@/lib/features/alerts/push-store';
import { MAX_ALERTS } from '@/lib/contracts/push';
import { exclude, heldAlertsQuery, type HeldAlert } from '@/lib/features/alerts/push-client';
import { formatLevel, formatNear } from '@/lib/core/format/price';
import { PushSwitch } from './push-switch';

const CONDITION = {
  above: { arrow: '↑', text: 'Rises above' },
  below: { arrow: '↓', text: 'Falls below' },
  cross: { arrow: '↕', text: 'Crosses' },
} as const;

function when(ms: number, utc: boolean): string {
  return new Date(ms).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    ...(utc ? { timeZone: 'UTC' } : {}),
  });
}

function describe(alert: HeldAlert): { name: string; kind: string; href: string; what: string } {
  if (alert.kind === 'wallet')
    return {
      name: alert.label || shorten(alert.address),
      kind: `Wallet · ${alert.chain_type ?? 'any chain'}`,
      href: `/wallets?wallet=${encodeURIComponent(alert.address)}`,
      what: 'Every new transaction',
    };
  const level = formatLevel(alert.price);
  const condition = CONDITION[alert.direction];
  if (alert.kind === 'token-price')
    return {
      name: alert.label || `Token ${alert.token_id}`,
      kind: `Token · ${alert.fiat} · 3 s quotes`,
      href: `/tokens/${alert.token_id}`,
      what: `${condition.arrow} ${condition.text} ${level} ${alert.fiat}`,
    };
  return {
    name: alert.label || `Pool ${shorten(alert.pool_address)}`,
    kind: `Pool · ${alert.chain_type.toUpperCase()} ${alert.chain_id} · 1m closes`,
    href: `/pools/${alert.chain_type}/${alert.chain_id}/${encodeURIComponent(alert.pool_address)}`,
    what: `${condition.arrow} ${condition.text} ${level}`,
  };
}

function HeldRow({ alert, utc }: { alert: HeldAlert; utc: boolean }) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => exclude(alert),
    onSuccess: () => client.invalidateQueries({ queryKey: ['push', 'held'] }),
  });
  const { name, kind, href, what } = describe(alert);
  const fired = alert.state.fired_at !== null;
  return (
    // A phone: name and Remove, then the condition and the state; wider: one row.
    <li
      className="grid min-h-11 grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 border-b border-border/60 px-3 py-1.5 text-13 last:border-b-0 sm:grid-cols-[minmax(0,1fr)_auto_200px_auto]"
      data-testid="held-alert"
    >
      <div className="order-1 min-w-0 leading-tight sm:order-none">
        <Link href={href} prefetch={false} className="font-medium text-text hover:underline">
          {name}
        </Link>
        <span className="block truncate text-2xs text-muted">{kind}</span>
      </div>
      <span className="num order-3 truncate text-muted sm:order-none sm:text-right">{what}</span>
      <span className="order-4 flex items-center justify-end gap-2 whitespace-nowrap sm:order-none sm:justify-start">
        {alert.state.armed ? (
          <Badge tone="warn">Watching</Badge>
        ) : (
          <Badge tone="neutral">Fired</Badge>
        )}
        {fired && (
          <span className="num text-12 text-muted">
            {when(alert.state.fired_at!, utc)}
            {alert.kind !== 'wallet' && alert.state.fired_price !== null && (
              <>
                {' '}
                at{' '}
                <span className="text-text">
                  {formatNear(alert.state.fired_price, alert.price)}
                </span>
              </>
            )}
          </span>
        )}
      </span>
      <Button
        size="sm"
        variant="ghost"
        className="order-2 sm:order-none"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
        aria-label={`Take the alert on ${name} off the server`}
      >
        Remove
      </Button>
    </li>
  );
}

export function ServerAlerts() {
  const hydrated = useHydrated();
  const id = usePush((s) => s.id);
  const on = usePush((s) => s.id !== null && (s.prices || s.wallets));
  const utc = usePrefs((s) => s.tz) === 'utc';
  const held = useQuery(heldAlertsQuery(hydrated && on ? id : null));
  const alerts = held.data?.alerts ?? [];

  // Shown once hydrated: the list above it takes its real height then, and a panel already on the
  // page would be pushed down (a layout shift); one that appears below it moves nothing.
  if (!hydrated) return null;

  return (
    <Panel
      className="mt-4"
      title={
        on && held.data
          ? `With Pulse closed · ${alerts.length} of ${MAX_ALERTS} held on the server`
          : 'With Pulse closed'
      }
    >
      <div className="border-b border-border px-3 py-1">
        <PushSwitch which="prices" />
      </div>
      {on && held.isPending ? (
        <div className="flex flex-col gap-3 p-3" aria-hidden>
          {[0, 1].map((i) => (
            <Skeleton key={i} height={16} className="w-full" />
          ))}
        </div>
      ) : !on ? (
        <p className="px-3 py-3 text-12 text-muted">
          With the switch on, the server keeps a copy of your armed price alerts and sends a
          notification to this browser when one fires, with no tab open. Wallet alerts have their
          own switch on{' '}
          <Link href="/wallets" prefetch={false} className="text-accent underline">
            Wallets
          </Link>
          .
        </p>
      ) : held.isError ? (
        <p role="alert" className="px-3 py-3 text-12 text-down">
          {held.error.message || 'The server’s alerts could not be read: try again shortly.'}
        </p>
      ) : alerts.length === 0 ? (
        <p className="px-3 py-3 text-12 text-muted">
          The server holds no alert for this browser yet: arm a price alert, or turn on wallet
          alerts on Wallets.
        </p>
      ) : (
        <ul aria-label="Alerts held on the server">
          {alerts.map((a) => (
            <HeldRow key={a.key} alert={a} utc={utc} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
