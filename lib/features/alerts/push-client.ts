'use client';
/**
 * The browser's side of server-held alerts (the API: lib/server/push/api.ts, docs/push.md):
 *
 * - turning on: permission asked at that click (never before), the service worker registered, a
 *   PushSubscription made with the server's VAPID key, and the subscription with this browser's
 *   alerts sent; the server answers with the id (a capability) kept in push-store.ts.
 * - keeping in step: the server's list is this browser's armed price alerts (and the Wallets
 *   switch's wallets), sent again whenever they change; a one-shot alert the server fired while
 *   no tab was open is marked fired here too, so it is not sent back armed.
 * - turning off: the server forgets the subscription and the browser drops it.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  MAX_ALERTS,
  type PoolPriceAlert,
  type TokenPriceAlert,
  type WalletAlert,
} from '../../contracts/push';
import { isRecord } from '../../core/values';
import { useAlerts } from './store';
import { isArmed, type PriceEntry } from './model';
import { pushSupport, usePush, type WalletTarget } from './push-store';

const SW_PATH = '/sw.js';

/**
 * An alert as this browser sends it (lib/contracts/push.ts): its price alerts always with their id
 * and arming time.
 */
export type ServerAlert = Sent<PoolPriceAlert<string>> | Sent<TokenPriceAlert> | WalletAlert;
type Sent<T> = T & { ref: string; armed_at: number };

export type HeldAlert = ServerAlert & {
  key: string;
  state: { armed: boolean; fired_at: number | null; fired_price: number | null };
};

const DIRECTION = { up: 'above', down: 'below', cross: 'cross' } as const;

/** The list the server should hold: armed price alerts (newest first), then wallets; at most 50. */
function serverAlerts(
  entries: readonly PriceEntry[],
  options: {
    prices: boolean;
    wallets: boolean;
    walletTargets: readonly WalletTarget[];
    excluded: readonly string[];
  },
): ServerAlert[] {
  const excluded = new Set(options.excluded);
  const out: ServerAlert[] = [];
  if (options.prices) {
    const armed = entries
      .filter((e) => isArmed(e) && !excluded.has(e.id))
      .sort((a, b) => b.createdAt - a.createdAt);
    for (const e of armed) {
      const alert = e.alert!;
      const common = {
        direction: DIRECTION[alert.condition],
        price: e.price,
        ref: e.id,
        armed_at: alert.armedAt,
      };
      if (e.target.kind === 'pool')
        out.push({
          kind: 'pool-price',
          chain_type: e.target.chainType,
          chain_id: e.target.chainId,
          pool_address: e.target.address,
          ...(e.target.label ? { label: e.target.label } : {}),
          ...common,
        });
      else
        out.push({
          kind: 'token-price',
          token_id: e.target.id,
          fiat: e.target.fiat,
          label: e.target.symbol,
          ...common,
        });
    }
  }
  if (options.wallets) {
    for (const w of options.walletTargets) {
      if (excluded.has(`wallet:${w.address.toLowerCase()}`)) continue;
      out.push({
        kind: 'wallet',
        address: w.address,
        chain_type: w.chainType,
        ...(w.label ? { label: w.label } : {}),
      });
    }
  }
  return out.slice(0, MAX_ALERTS);
}

class PushApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  const message =
    isRecord(data) && typeof data.message === 'string' ? data.message : res.statusText;
  if (!res.ok) throw new PushApiError(res.status, message);
  return data as T;
}

export const pushApi = {
  key: () => call<{ publicKey: string }>('GET', '/api/push/key'),
  create: (subscription: PushSubscriptionJSON, alerts: ServerAlert[]) =>
    call<{ id: string; alerts: HeldAlert[] }>('POST', '/api/push/subscriptions', {
      subscription,
      alerts,
    }),
  get: (id: string) =>
    call<{ alerts: HeldAlert[]; max_alerts: number }>(
      'GET',
      `/api/push/subscriptions/${encodeURIComponent(id)}`,
    ),
  put: (id: string, alerts: ServerAlert[], subscription?: PushSubscriptionJSON) =>
    call<{ alerts: HeldAlert[] }>('PUT', `/api/push/subscriptions/${encodeURIComponent(id)}`, {
      alerts,
      ...(subscription ? { subscription } : {}),
    }),
  remove: (id: string) =>
    call<unknown>('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`),
};

/** The service worker's registration (registered on every page: components/alerts/service-worker.tsx). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(SW_PATH, { scope: '/' });
  return navigator.serviceWorker.ready;
}

function currentAlerts(): ServerAlert[] {
  const push = usePush.getState();
  return serverAlerts(useAlerts.getState().entries, push);
}

/** Words for what went wrong, for the switch to show. */
function explain(error: unknown): string {
  if (error instanceof PushApiError) return error.message;
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'Notifications are blocked for this site: allow them in the browser’s site settings.';
  return 'This browser could not subscribe to push messages: try again later.';
}

let lastSent = '';

/**
 * Turns one switch on: asks for permission (this is the click that may), subscribes this browser
 * if it is not yet, and sends its alerts. Resolves with the error shown beside the switch, if any.
 */
export async function enable(which: 'prices' | 'wallets'): Promise<string | null> {
  const store = usePush.getState();
  if (pushSupport() === 'unsupported') return 'This browser cannot receive push messages.';
  store.set({ status: { kind: 'busy' } });
  try {
    const permission =
      Notification.permission === 'default'
        ? await Notification.requestPermission()
        : Notification.permission;
    if (permission !== 'granted') {
      const message =
        'Notifications are blocked for this site: allow them in the browser’s site settings.';
      store.set({ status: { kind: 'error', message } });
      return message;
    }
    usePush.getState().set({ [which]: true });
    if (!usePush.getState().id) await subscribe();
    else await sync(true);
    usePush.getState().set({ status: { kind: 'idle' } });
    return null;
  } catch (error) {
    const message = explain(error);
    usePush.getState().set({ [which]: false, status: { kind: 'error', message } });
    return message;
  }
}

async function subscribe(): Promise<void> {
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const { publicKey } = await pushApi.key();
    sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    });
  }
  const json = sub.toJSON();
  const alerts = currentAlerts();
  const created = await pushApi.create(json, alerts);
  lastSent = JSON.stringify(alerts);
  usePush.getState().set({ id: created.id, endpoint: json.endpoint ?? null });
}

/** Turns one switch off; with both off the server forgets this browser and it unsubscribes. */
export async function disable(which: 'prices' | 'wallets'): Promise<void> {
  const store = usePush.getState();
  store.set({ [which]: false, status: { kind: 'idle' } });
  const { prices, wallets, id } = usePush.getState();
  if (prices || wallets) {
    await sync(true).catch(() => undefined);
    return;
  }
  if (id) await pushApi.remove(id).catch(() => undefined);
  lastSent = '';
  usePush.getState().set({ id: null, endpoint: null });
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to drop.
  }
}

/**
 * Sends the list when it changed (or `force`), and the browser's subscription when its push
 * service renewed it. A subscription the server no longer knows (its push service said it is
 * gone, or the server lost it) is made again once.
 */
export async function sync(force = false): Promise<void> {
  const { id, endpoint } = usePush.getState();
  if (!id) return;
  const alerts = currentAlerts();
  const text = JSON.stringify(alerts);
  let renewed: PushSubscriptionJSON | undefined;
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const json = (await reg?.pushManager.getSubscription())?.toJSON();
    if (json?.endpoint && json.endpoint !== endpoint) renewed = json;
  } catch {
    // No worker yet: the list goes without it.
  }
  if (!force && !renewed && text === lastSent) return;
  try {
    await pushApi.put(id, alerts, renewed);
    lastSent = text;
    if (renewed) usePush.getState().set({ endpoint: renewed.endpoint ?? null });
    if (usePush.getState().status.kind === 'error')
      usePush.getState().set({ status: { kind: 'idle' } });
  } catch (error) {
    if (error instanceof PushApiError && error.status === 404) {
      usePush.getState().set({ id: null });
      if (pushSupport() === 'granted') await subscribe();
      return;
    }
    usePush.getState().set({ status: { kind: 'error', message: explain(error) } });
  }
}

/** Marks here what the server fired while no tab was open (one-shot alerts it disarmed). */
export function reconcile(held: readonly HeldAlert[]): void {
  const { entries, fire } = useAlerts.getState();
  for (const alert of held) {
    if (alert.kind === 'wallet' || alert.state.armed || alert.state.fired_at === null) continue;
    const entry = entries.find((e) => e.id === alert.ref);
    if (!entry?.alert || entry.alert.firedAt !== null) continue;
    if (entry.alert.armedAt !== alert.armed_at) continue;
    fire(entry.id, alert.state.fired_price ?? entry.price, alert.state.fired_at);
  }
}

/** Takes one alert off the server's list (it stays in this browser). */
export async function exclude(alert: HeldAlert): Promise<void> {
  const mark = alert.kind === 'wallet' ? `wallet:${alert.address.toLowerCase()}` : alert.ref;
  if (mark) {
    const { excluded } = usePush.getState();
    usePush.getState().set({ excluded: [...excluded.filter((x) => x !== mark), mark] });
  }
  await sync(true);
}

/** The server's list for this browser, with each alert's state (the /alerts page). */
export function heldAlertsQuery(id: string | null) {
  return queryOptions({
    queryKey: ['push', 'held', id],
    queryFn: () => pushApi.get(id!),
    enabled: id !== null,
    staleTime: 10_000,
    retry: (count, error) => !(error instanceof PushApiError && error.status < 500) && count < 2,
  });
}
