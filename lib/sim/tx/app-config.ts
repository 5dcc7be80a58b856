/**
 * The application behind the API key: its configuration resource and the rules of PUT/POST. The
 * webhook secret lives here and leaves only in the `Sign` header of webhook calls, never in a response.
 */
import { createHash } from 'node:crypto';
import type { AppConfig, WebhookDeliveryStatus } from '../../contracts/tx/schema';

export interface AppState {
  app_id: string;
  enable_ws: boolean;
  enable_webhook: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
  ws_ack_resend_interval_seconds: number;
  is_active: boolean;
  webhook_delivery_status: WebhookDeliveryStatus;
  webhook_retrying_since: number | null;
  webhook_last_failed_transaction_id: number | null;
  webhook_last_failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Stable per key, and reveals nothing of it. */
function appIdFor(apiKey: string): string {
  return `app_${createHash('sha256').update(`pulse-sim-app:${apiKey}`).digest('hex').slice(0, 20)}`;
}

export function defaultApp(apiKey: string, nowMs: number): AppState {
  const at = new Date(nowMs).toISOString();
  return {
    app_id: appIdFor(apiKey),
    enable_ws: true,
    enable_webhook: false,
    webhook_url: null,
    webhook_secret: null,
    ws_ack_resend_interval_seconds: 30,
    is_active: true,
    webhook_delivery_status: 'active',
    webhook_retrying_since: null,
    webhook_last_failed_transaction_id: null,
    webhook_last_failure_reason: null,
    created_at: at,
    updated_at: at,
  };
}

/** A persisted app, field by field, over the defaults (a hand-edited or older file still loads). */
export function restoreApp(raw: unknown, fallback: AppState): AppState {
  if (typeof raw !== 'object' || raw === null) return fallback;
  const r = raw as Record<string, unknown>;
  const bool = (k: keyof AppState) => (typeof r[k] === 'boolean' ? r[k] : (fallback[k] as boolean));
  const strOrNull = (k: keyof AppState) =>
    typeof r[k] === 'string' || r[k] === null ? r[k] : (fallback[k] as string | null);
  const intOrNull = (k: keyof AppState) =>
    Number.isSafeInteger(r[k]) || r[k] === null
      ? (r[k] as number | null)
      : (fallback[k] as number | null);
  const status = r.webhook_delivery_status;
  const interval = r.ws_ack_resend_interval_seconds;
  return {
    app_id: fallback.app_id,
    enable_ws: bool('enable_ws'),
    enable_webhook: bool('enable_webhook'),
    webhook_url: strOrNull('webhook_url'),
    webhook_secret: strOrNull('webhook_secret'),
    ws_ack_resend_interval_seconds:
      Number.isSafeInteger(interval) && (interval as number) > 0
        ? (interval as number)
        : fallback.ws_ack_resend_interval_seconds,
    is_active: bool('is_active'),
    webhook_delivery_status:
      status === 'active' || status === 'retrying' || status === 'disabled'
        ? status
        : fallback.webhook_delivery_status,
    webhook_retrying_since: intOrNull('webhook_retrying_since'),
    webhook_last_failed_transaction_id: intOrNull('webhook_last_failed_transaction_id'),
    webhook_last_failure_reason: strOrNull('webhook_last_failure_reason'),
    created_at: typeof r.created_at === 'string' ? r.created_at : fallback.created_at,
    updated_at: typeof r.updated_at === 'string' ? r.updated_at : fallback.updated_at,
  };
}

export function publicConfig(app: AppState): AppConfig {
  const { webhook_secret: _secret, ...rest } = app;
  return { ...rest };
}

export interface UpdateOutcome {
  changed: boolean;
  /** delivery may resume: re-enabled, reactivated or pointed at a new URL */
  resumeWebhook: boolean;
}

const FIELDS = [
  'enable_ws',
  'enable_webhook',
  'webhook_url',
  'webhook_secret',
  'ws_ack_resend_interval_seconds',
  'is_active',
] as const;

/** Applies a body the contract already validated. Unknown fields are ignored. */
export function applyUpdate(
  app: AppState,
  body: Record<string, unknown>,
  nowMs: number,
): UpdateOutcome {
  let changed = false;
  let resumeWebhook = false;
  for (const field of FIELDS) {
    if (!(field in body) || body[field] === undefined) continue;
    const value = body[field] as never;
    if (app[field] === value) continue;
    (app as unknown as Record<string, unknown>)[field] = value;
    changed = true;
    if (field === 'enable_webhook' || field === 'is_active' || field === 'webhook_url')
      resumeWebhook = true;
  }
  // Re-enabling a disabled app gives `active`
  if (body.enable_webhook === true && app.webhook_delivery_status === 'disabled') {
    app.webhook_delivery_status = 'active';
    app.webhook_retrying_since = null;
    changed = true;
  }
  if (changed) app.updated_at = new Date(nowMs).toISOString();
  return { changed, resumeWebhook };
}
