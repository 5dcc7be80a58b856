'use client';
/**
 * "Also when Pulse is closed": the switch beside every place an alert is made (the Lines panel and
 * the Markets bell for price alerts, Wallets for wallet alerts). Turning it on asks for permission
 * then, never before; its line says where things stand: no push in this browser, notifications
 * blocked, subscribing, on, or what went wrong. The work is loaded on the first click.
 */
import { useId, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { pushSupport, usePush, type PushSupport } from '@/lib/features/alerts/push-store';

const ON_TEXT = {
  prices:
    'On: these alerts reach this browser as notifications, also with Pulse closed (pools on 1-minute closes).',
  wallets:
    'On: a notification for each new transaction of these addresses, also with Pulse closed.',
} as const;

const OFF_TEXT = {
  prices: 'The server watches your price alerts and notifies this browser with no tab open.',
  wallets: 'The server notifies this browser of their transactions with no tab open.',
} as const;

export function PushSwitch({ which }: { which: 'prices' | 'wallets' }) {
  const id = useId();
  const hydrated = useHydrated();
  const on = usePush((s) => s[which] && s.id !== null);
  const status = usePush((s) => s.status);
  // Read at render once hydrated (the server knows nothing of it); a toggle re-renders with news.
  const [, setToggled] = useState(0);
  const support: PushSupport = hydrated ? pushSupport() : 'default';

  const toggle = async (next: boolean) => {
    const client = await import('@/lib/features/alerts/push-client');
    if (next) await client.enable(which);
    else await client.disable(which);
    setToggled((n) => n + 1);
  };

  const busy = status.kind === 'busy';
  const description = !hydrated
    ? OFF_TEXT[which]
    : support === 'unsupported'
      ? 'This browser cannot get alerts with Pulse closed (no push support here).'
      : support === 'denied' && !on
        ? 'Notifications are blocked for this site: allow them in the browser’s site settings.'
        : busy
          ? 'Subscribing this browser…'
          : status.kind === 'error'
            ? status.message
            : on
              ? ON_TEXT[which]
              : OFF_TEXT[which];

  return (
    <div data-testid={`push-switch-${which}`} data-state={on ? 'on' : support}>
      <Switch
        id={id}
        checked={hydrated && on}
        onChange={(next) => void toggle(next)}
        label="Also when Pulse is closed"
        description={description}
        disabled={!hydrated || busy || support === 'unsupported' || (support === 'denied' && !on)}
      />
    </div>
  );
}
