/**
 * The app configuration form's rules (tx-service.md, Application configuration): only changed fields
 * are sent; the secret is write-only and goes only when the user set or cleared it.
 */
import { isSignableSecret } from '../../contracts/tx/sign';
import type { AppConfig, AppConfigUpdate } from '../../contracts/tx/schema';
import { formatCount } from '@/lib/core/format/number';

export interface ConfigDraft {
  enable_ws: boolean;
  enable_webhook: boolean;
  webhook_url: string;
  ws_ack_resend_interval_seconds: string;
  is_active: boolean;
  /** null: leave the secret as it is; '' with `clearSecret`: remove it */
  secret: string | null;
  clearSecret: boolean;
}

export type ConfigErrors = Partial<
  Record<'webhook_url' | 'ws_ack_resend_interval_seconds' | 'webhook_secret' | 'form', string>
>;

export const MAX_SECRET_LENGTH = 256;
/**
 * The receiver compares Sign with the secret verbatim: a short one is guessable, so the form asks
 * for 16 characters (a random 32-character one is suggested in the hint). The service sets no floor.
 */
const MIN_SECRET_LENGTH = 16;
/** A day: a longer ACK resend interval would leave unacknowledged pushes unsent for days. */
const MAX_ACK_INTERVAL_SECONDS = 86_400;

export function draftOf(config: AppConfig): ConfigDraft {
  return {
    enable_ws: config.enable_ws,
    enable_webhook: config.enable_webhook,
    webhook_url: config.webhook_url ?? '',
    ws_ack_resend_interval_seconds: String(config.ws_ack_resend_interval_seconds),
    is_active: config.is_active,
    secret: null,
    clearSecret: false,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function validateDraft(d: ConfigDraft): ConfigErrors {
  const errors: ConfigErrors = {};
  const url = d.webhook_url.trim();
  if (url && !isHttpUrl(url))
    errors.webhook_url =
      'Enter a full http(s) URL, e.g. https://example.com/api/webhooks/tx, or leave it empty.';
  if (d.enable_webhook && !url) errors.webhook_url = 'Webhook push needs a URL.';
  const interval = d.ws_ack_resend_interval_seconds.trim();
  if (
    !/^\d+$/.test(interval) ||
    Number(interval) < 1 ||
    Number(interval) > MAX_ACK_INTERVAL_SECONDS
  ) {
    errors.ws_ack_resend_interval_seconds = `A whole number of seconds from 1 to ${formatCount(MAX_ACK_INTERVAL_SECONDS)} (a day).`;
  }
  if (d.secret !== null) {
    if (d.secret.trim() === '') errors.webhook_secret = 'Enter the new secret, or cancel.';
    else if (d.secret.length < MIN_SECRET_LENGTH)
      errors.webhook_secret = `At least ${MIN_SECRET_LENGTH} characters: the receiver compares it verbatim, so a short one can be guessed.`;
    else if (d.secret.length > MAX_SECRET_LENGTH)
      errors.webhook_secret = `At most ${MAX_SECRET_LENGTH} characters.`;
    else if (!isSignableSecret(d.secret))
      errors.webhook_secret =
        'Letters, digits and ASCII symbols only: the secret is sent as-is in the Sign header.';
  }
  return errors;
}

export function patchOf(config: AppConfig, d: ConfigDraft): AppConfigUpdate {
  const patch: AppConfigUpdate = {};
  if (d.enable_ws !== config.enable_ws) patch.enable_ws = d.enable_ws;
  if (d.enable_webhook !== config.enable_webhook) patch.enable_webhook = d.enable_webhook;
  const url = d.webhook_url.trim() || null;
  if (url !== config.webhook_url) patch.webhook_url = url;
  const interval = Number(d.ws_ack_resend_interval_seconds.trim());
  if (interval !== config.ws_ack_resend_interval_seconds)
    patch.ws_ack_resend_interval_seconds = interval;
  if (d.is_active !== config.is_active) patch.is_active = d.is_active;
  if (d.secret !== null) patch.webhook_secret = d.secret;
  else if (d.clearSecret) patch.webhook_secret = null;
  return patch;
}

/** The service's 400 names the field; put its message next to that field. */
export function errorsFromServer(message: string): ConfigErrors {
  if (message.includes('webhook_url')) return { webhook_url: message };
  if (message.includes('ws_ack_resend_interval_seconds'))
    return { ws_ack_resend_interval_seconds: message };
  if (message.includes('webhook_secret')) return { webhook_secret: message };
  return { form: message };
}

/** 32 random bytes as hex: a secret to paste into WEBHOOK_SECRET of the receiving server too. */
export function generateSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
