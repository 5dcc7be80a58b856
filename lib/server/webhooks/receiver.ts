/**
 * The receiving end of the tx service's webhook (tx-service.md, "Webhook callback"): `Sign` holds the
 * configured secret verbatim (a shared secret, not an HMAC of the body), compared in constant time;
 * the body is a bare JSON array of TransactionDetail; duplicates are dropped as the seed says
 * (lib/contracts/tx/identity.ts) before they reach the live feed. The secret is never logged or echoed.
 *
 * A `Sign` is a static secret, so a captured delivery could be sent again at any time: a transaction
 * whose `tx_time` is older than the window (WEBHOOK_MAX_AGE_SECONDS), in the future, or absent is
 * not relayed. Such a batch is still answered 2xx: the tx service retries a non-2xx batch for 36 h and
 * then disables the webhook (tx-service seed, "States"), so refusing a late retry would stall every
 * delivery behind it. Optionally only the upstream's addresses may deliver (WEBHOOK_ALLOWED_IPS).
 */
import { log } from '../../observe/log';
import { metrics } from '../../observe/metrics';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCappedText } from '../security/body';
import type { LiveTransaction } from '../../contracts/stream/events';
import { txIdentity } from '../../contracts/tx/identity';
import { TransactionDetail } from '../../contracts/tx/schema';

export type SignCheck =
  { ok: true } | { ok: false; reason: 'unconfigured' | 'missing' | 'mismatch'; message: string };

const MAX_WEBHOOK_BYTES = 5_000_000;

export function checkSign(given: string | null | undefined, secret: string | undefined): SignCheck {
  if (!secret) {
    return {
      ok: false,
      reason: 'unconfigured',
      message:
        "WEBHOOK_SECRET is not set on this server, so no delivery can be verified: set it to the app's webhook_secret.",
    };
  }
  if (!given) return { ok: false, reason: 'missing', message: 'The Sign header is missing.' };
  // Digests of equal length, so the comparison time says nothing about the secret or its length.
  const a = createHmac('sha256', 'pulse-webhook-sign').update(given).digest();
  const b = createHmac('sha256', 'pulse-webhook-sign').update(secret).digest();
  return timingSafeEqual(a, b)
    ? { ok: true }
    : { ok: false, reason: 'mismatch', message: 'The Sign header does not match WEBHOOK_SECRET.' };
}

export type ParsedBody = { ok: true; txs: LiveTransaction[] } | { ok: false; message: string };

/** Each element must be a TransactionDetail as the tx seed defines it; the first wrong field is named. */
export function parseWebhookBody(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The body is not JSON.' };
  }
  if (!Array.isArray(value))
    return { ok: false, message: 'The body must be a JSON array of transactions.' };
  const txs: LiveTransaction[] = [];
  for (const [i, item] of value.entries()) {
    const parsed = TransactionDetail.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.map(String).join('.') ?? '';
      return {
        ok: false,
        message: `[${i}]${field ? `.${field}` : ''} is not a transaction field as the tx service sends it (${issue?.code ?? 'invalid'}).`,
      };
    }
    txs.push(parsed.data);
  }
  return { ok: true, txs };
}

export interface Receipt {
  received: number;
  accepted: number;
  duplicates: number;
  /** outside the freshness window: acknowledged, not relayed */
  stale: number;
}

/** Clock skew tolerated on a tx_time from the future. */
export const FUTURE_SKEW_SECONDS = 300;

/** Whether a delivered transaction is recent enough to be news (see the module comment). */
export function isFresh(
  tx: Pick<LiveTransaction, 'tx_time'>,
  maxAgeSeconds: number,
  nowMs = Date.now(),
): boolean {
  const t = tx.tx_time;
  if (t === null || !Number.isSafeInteger(t)) return false;
  const now = Math.floor(nowMs / 1000);
  return t >= now - maxAgeSeconds && t <= now + FUTURE_SKEW_SECONDS;
}

/**
 * Drops repeats within the batch; `ingest` (the stream source) drops what it has already relayed,
 * in this process or, with REDIS_URL, anywhere in the cluster (lib/server/cluster/hub.ts).
 */
export async function receiveTransactions(
  txs: readonly LiveTransaction[],
  ingest: (tx: LiveTransaction) => boolean | Promise<boolean>,
  fresh: (tx: LiveTransaction) => boolean = () => true,
): Promise<Receipt> {
  const batch = new Set<string>();
  let accepted = 0;
  let stale = 0;
  for (const tx of txs) {
    if (!fresh(tx)) {
      stale++;
      continue;
    }
    const key = txIdentity(tx);
    if (batch.has(key)) continue;
    batch.add(key);
    if (await ingest(tx)) accepted++;
  }
  return { received: txs.length, accepted, duplicates: txs.length - accepted - stale, stale };
}

export interface WebhookDeps {
  secret: string | undefined;
  ingest: (tx: LiveTransaction) => boolean | Promise<boolean>;
  /**
   * Wrong signatures per client (WEBHOOK_BAD_SIGN_PER_MIN): `blocked` says how long this client
   * must wait (null: it may try), `failed` counts one more wrong Sign.
   */
  badSign?: { blocked(): Promise<number | null>; failed(): Promise<void> };
  /** WEBHOOK_MAX_AGE_SECONDS: older transactions are acknowledged but not relayed */
  maxAgeSeconds?: number;
  /** WEBHOOK_ALLOWED_IPS: false refuses the sender before anything else is looked at */
  senderAllowed?: () => boolean;
  now?: () => number;
}

function reply(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export async function handleWebhook(request: Request, deps: WebhookDeps): Promise<Response> {
  const response = await receive(request, deps);
  const result =
    response.status === 200
      ? 'accepted'
      : response.status === 401
        ? 'refused-sign'
        : response.status === 403
          ? 'refused-sender'
          : String(response.status);
  metrics().webhooks.inc({ result });
  log().info({ status: response.status, result }, 'webhook delivery received');
  return response;
}

async function receive(request: Request, deps: WebhookDeps): Promise<Response> {
  if (deps.senderAllowed && !deps.senderAllowed()) {
    await request.body?.cancel().catch(() => undefined);
    return reply(403, { code: 403, message: 'This address may not deliver webhooks here.' });
  }
  const wait = await deps.badSign?.blocked();
  if (wait) {
    await request.body?.cancel().catch(() => undefined);
    return Response.json(
      { code: 429, message: `Too many wrong signatures: try again in ${wait} s.` },
      { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': String(wait) } },
    );
  }
  // The signature before the body: an unsigned sender never gets a byte read.
  const sign = checkSign(request.headers.get('sign'), deps.secret);
  if (!sign.ok) {
    if (sign.reason !== 'unconfigured') await deps.badSign?.failed();
    await request.body?.cancel().catch(() => undefined);
    return reply(401, { code: 401, message: sign.message });
  }
  const body = await readCappedText(request, MAX_WEBHOOK_BYTES);
  if (!body.ok) {
    if (body.reason === 'too-large')
      return reply(413, { code: 413, message: 'The body is too large.' });
    return body.reason === 'timeout'
      ? reply(408, { code: 408, message: 'The request body did not arrive in time.' })
      : reply(400, { code: 400, message: 'The request was cut off.' });
  }
  const parsed = parseWebhookBody(body.text);
  if (!parsed.ok) return reply(400, { code: 400, message: parsed.message });
  const maxAge = deps.maxAgeSeconds;
  const now = deps.now ?? Date.now;
  return reply(200, {
    code: 0,
    message: 'ok',
    ...(await receiveTransactions(
      parsed.txs,
      deps.ingest,
      maxAge === undefined ? undefined : (tx) => isFresh(tx, maxAge, now()),
    )),
  });
}
