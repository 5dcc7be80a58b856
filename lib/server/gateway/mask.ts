/**
 * What a reader who is not the admin may see of the app's configuration: the `webhook_url` is often a
 * secret in itself (a Slack or Discord hook carries its token in the path), and an upstream's failure
 * reason may name internal hosts, ports or connection errors. Both are masked, in every mode.
 */
import { MASKED_PATH } from '../../core/masked';

function maskWebhookUrl(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  try {
    return `${new URL(url).origin}${MASKED_PATH}`;
  } catch {
    return `https://•••`;
  }
}

/** The simulator's own reasons (lib/sim/tx/outbound.ts) carry no address; anything else is hidden. */
const SAFE_REASON = [
  /^HTTP \d{3} from the webhook_url$/,
  /^no response within \d+ s$/,
  /^no webhook_url$/,
  /^could not connect to the webhook_url$/,
  /^the webhook_url is not allowed: [a-z ,-]+$/,
  /^the webhook_url could not be reached: [a-z ,()-]+$/,
];
export const HIDDEN_REASON = 'delivery failed (the admin sees the reason)';

function safeFailureReason(reason: unknown): unknown {
  if (typeof reason !== 'string') return reason;
  return SAFE_REASON.some((re) => re.test(reason)) ? reason : HIDDEN_REASON;
}

/** Rewrites a success body of app/config or retry/status for a reader who is not the admin. */
export function maskForReader(endpointId: string, body: string): string {
  if (endpointId !== 'tx.app.config.get' && endpointId !== 'tx.app.webhook.retryStatus')
    return body;
  let value: { data?: Record<string, unknown> | null };
  try {
    value = JSON.parse(body) as typeof value;
  } catch {
    return body;
  }
  const data = value?.data;
  if (!data || typeof data !== 'object') return body;
  if ('webhook_url' in data) data.webhook_url = maskWebhookUrl(data.webhook_url);
  if ('webhook_last_failure_reason' in data)
    data.webhook_last_failure_reason = safeFailureReason(data.webhook_last_failure_reason);
  return JSON.stringify(value);
}
