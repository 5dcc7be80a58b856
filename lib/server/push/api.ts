/**
 * The push API (app/api/push/**), thin routes over these handlers:
 *
 *   GET    /api/push/key                  -> { code: 0, message, publicKey }
 *   POST   /api/push/subscriptions        { subscription, alerts } -> 201 { code: 0, message, id }
 *   GET    /api/push/subscriptions/{id}   -> { code: 0, message, alerts: [... with their state] }
 *   PUT    /api/push/subscriptions/{id}   { alerts, subscription? } -> { code: 0, message, alerts }
 *   DELETE /api/push/subscriptions/{id}   -> { code: 0, message }
 *
 * Answers are the app's envelope (`code` 0 on success, the HTTP status on a refusal, a `message`
 * saying what to do). The id is a capability: 128 random bits, known only to the browser that
 * subscribed (the store keeps its hash), needed to read, change or delete. Endpoints and keys are
 * secrets: no answer returns them and no log line holds them. Private mode: only with the admin
 * session. Writes come from this site only (Origin) and are rate-limited per client, bodies capped.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { getEnv, sandboxMode } from '../../config/env';
import { isRecord } from '../../core/values';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '../auth/access';
import { hasAdminSession } from '../auth/session';
import { sandboxOf } from '../sandbox/cookie';
import { readCappedText } from '../security/body';
import { clientKey } from '../security/client-key';
import { rateLimit } from '../security/limits';
import { checkStateChange } from '../security/origin';
import { endpointProblem } from './endpoint';
import { pushRuntime } from './install';
import { checkPool } from './pools';
import {
  alertKey,
  CAPABILITY,
  MAX_ALERTS,
  parseAlerts,
  parseSubscription,
  recordId,
  type AlertState,
  type PushAlert,
  type SubscriptionRecord,
} from './schema';

const MAX_BODY_BYTES = 32 * 1024;
const LIMITS = {
  readsPerMin: 120,
  writesPerMin: 30,
  createsPerHour: 20,
} as const;

function answer(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return Response.json(
    { code: status < 300 ? 0 : status, message, ...extra },
    { status, headers: { 'cache-control': 'no-store' } },
  );
}

const limited = (seconds: number) =>
  Response.json(
    { code: 429, message: `Too many push requests: try again in ${seconds} s.` },
    { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': String(seconds) } },
  );

const unavailable = () =>
  answer(503, 'Push alerts are unavailable for a moment: try again shortly.');

/** Private mode: the admin only; writes: from this site, within the client's allowance. */
async function admit(
  request: Request,
  kind: 'read' | 'write' | 'create',
): Promise<Response | null> {
  if (!(await mayRead(request))) return answer(401, SIGN_IN_TO_READ_MESSAGE);
  if (kind !== 'read') {
    const origin = checkStateChange(request, { signedIn: await hasAdminSession(request) });
    if (!origin.ok) return answer(403, origin.message);
  }
  const key = clientKey(request);
  const checks = [
    kind === 'read'
      ? rateLimit('push-reads', { points: LIMITS.readsPerMin, durationSeconds: 60 })
      : rateLimit('push-writes', { points: LIMITS.writesPerMin, durationSeconds: 60 }),
  ];
  if (kind === 'create')
    checks.push(
      rateLimit('push-creates', { points: LIMITS.createsPerHour, durationSeconds: 3600 }),
    );
  for (const limit of checks) {
    const taken = await limit.take(key);
    if (!taken.ok) return limited(taken.retryAfterSeconds);
  }
  await pushRuntime().ready();
  return null;
}

async function readJson(request: Request): Promise<{ ok: true; body: unknown } | Response> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    await request.body?.cancel().catch(() => undefined);
    return answer(415, 'Send the body as JSON (Content-Type: application/json).');
  }
  const text = await readCappedText(request, MAX_BODY_BYTES);
  if (!text.ok)
    return text.reason === 'too-large'
      ? answer(413, `The body is too large (limit ${MAX_BODY_BYTES} bytes).`)
      : answer(400, 'The request was cut off.');
  try {
    return { ok: true, body: JSON.parse(text.text) as unknown };
  } catch {
    return answer(400, 'The body is not valid JSON.');
  }
}

/** Alerts validated, and every pool among them known to the price service (labelled with its pair). */
async function checkedAlerts(raw: unknown): Promise<{ ok: true; alerts: PushAlert[] } | Response> {
  const parsed = parseAlerts(raw);
  if (!parsed.ok) return answer(400, parsed.message);
  const pools = new Map<string, Promise<Awaited<ReturnType<typeof checkPool>>>>();
  for (const a of parsed.value) {
    if (a.kind !== 'pool-price') continue;
    const id = `${a.chain_type}:${a.chain_id}:${a.pool_address}`;
    if (!pools.has(id)) pools.set(id, checkPool(a.chain_type, a.chain_id, a.pool_address));
  }
  const alerts: PushAlert[] = [];
  for (const [i, a] of parsed.value.entries()) {
    if (a.kind !== 'pool-price') {
      alerts.push(a);
      continue;
    }
    const check = await pools.get(`${a.chain_type}:${a.chain_id}:${a.pool_address}`)!;
    if (check.kind === 'missing')
      return answer(
        400,
        `alerts[${i}]: unknown pool ${a.chain_type}:${a.chain_id}:${a.pool_address} (the price service has no such pool)`,
      );
    if (check.kind === 'error')
      return answer(503, 'The pools of these alerts cannot be checked now: try again shortly.');
    alerts.push(a.label ? a : { ...a, label: check.pair });
  }
  return { ok: true, alerts };
}

function subscriptionProblem(endpoint: string): Response | null {
  const problem = endpointProblem(endpoint, getEnv().PUSH_ALLOW_PRIVATE === '1');
  return problem ? answer(400, `subscription.endpoint: ${problem}`) : null;
}

/** What a browser may see of its alerts: their definition and state, never the endpoint or keys. */
function publicAlerts(record: SubscriptionRecord, states: Map<string, AlertState>) {
  return record.alerts.map((alert) => {
    const key = alertKey(alert);
    const state = states.get(key);
    return {
      ...alert,
      key,
      state:
        alert.kind === 'wallet'
          ? { armed: true, fired_at: state?.firedAt ?? null, fired_price: null }
          : {
              armed: state?.armed ?? true,
              fired_at: state?.firedAt ?? null,
              fired_price: state?.firedPrice ?? null,
            },
    };
  });
}

export async function handleKey(request: Request): Promise<Response> {
  const refused = await admit(request, 'read');
  if (refused) return refused;
  try {
    const { publicKey } = await pushRuntime().vapid();
    return answer(200, 'ok', { publicKey });
  } catch {
    return unavailable();
  }
}

type Subscription = { endpoint: string; keys: SubscriptionRecord['keys'] };

/**
 * A create's or an update's body: known fields only, and the browser's subscription read and its
 * endpoint checked where it is required (a create) or given (an update's renewal).
 */
async function readBody(
  request: Request,
  need: { subscription: true; alerts: boolean; shape: string },
): Promise<{ subscription: Subscription; alerts: unknown } | Response>;
async function readBody(
  request: Request,
  need: { subscription: false; alerts: boolean; shape: string },
): Promise<{ subscription: Subscription | null; alerts: unknown } | Response>;
async function readBody(
  request: Request,
  need: { subscription: boolean; alerts: boolean; shape: string },
): Promise<{ subscription: Subscription | null; alerts: unknown } | Response> {
  const read = await readJson(request);
  if (read instanceof Response) return read;
  if (!isRecord(read.body)) return answer(400, `body: must be ${need.shape}`);
  const { subscription, alerts, ...rest } = read.body;
  const extra = Object.keys(rest);
  if (extra.length > 0) return answer(400, `body: unknown field ${extra.join(', ')}`);
  if (need.alerts && alerts === undefined) return answer(400, 'alerts: is required');
  if (!need.subscription && subscription === undefined) return { subscription: null, alerts };
  const parsed = parseSubscription(subscription);
  if (!parsed.ok) return answer(400, parsed.message);
  const bad = subscriptionProblem(parsed.value.endpoint);
  if (bad) return bad;
  return { subscription: parsed.value, alerts };
}

export async function handleCreate(request: Request): Promise<Response> {
  const refused = await admit(request, 'create');
  if (refused) return refused;
  const body = await readBody(request, {
    subscription: true,
    alerts: false,
    shape: '{ "subscription": {...}, "alerts": [...] }',
  });
  if (body instanceof Response) return body;
  const sub = body.subscription;
  const alerts = await checkedAlerts(body.alerts ?? []);
  if (alerts instanceof Response) return alerts;
  const capability = randomBytes(16).toString('base64url');
  const now = Date.now();
  const record: SubscriptionRecord = {
    id: recordId(capability),
    endpoint: sub.endpoint,
    keys: sub.keys,
    alerts: alerts.alerts,
    scope: sandboxMode() ? sandboxOf(request) : null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const created = await pushRuntime().store.create(record);
    if (created === 'full')
      return answer(
        503,
        'This server holds as many push subscriptions as it may: try again later.',
      );
  } catch {
    return unavailable();
  }
  return answer(201, 'Subscribed: these alerts now reach this browser with Pulse closed.', {
    id: capability,
    alerts: publicAlerts(record, new Map()),
  });
}

async function recordOf(id: string): Promise<SubscriptionRecord | Response> {
  // Not one of ours in form: the same answer as an unknown one (nothing to learn from the difference).
  if (!CAPABILITY.test(id)) return answer(404, 'No such push subscription.');
  try {
    const record = await pushRuntime().store.get(recordId(id));
    return record ?? answer(404, 'No such push subscription.');
  } catch {
    return unavailable();
  }
}

export async function handleGet(request: Request, id: string): Promise<Response> {
  const refused = await admit(request, 'read');
  if (refused) return refused;
  const record = await recordOf(id);
  if (record instanceof Response) return record;
  try {
    const states = await pushRuntime().store.states(record.id);
    return answer(200, 'ok', {
      alerts: publicAlerts(record, states),
      max_alerts: MAX_ALERTS,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    });
  } catch {
    return unavailable();
  }
}

export async function handlePut(request: Request, id: string): Promise<Response> {
  const refused = await admit(request, 'write');
  if (refused) return refused;
  // A subscription beside the alerts: the browser's push service renewed it (pushsubscriptionchange).
  const body = await readBody(request, {
    subscription: false,
    alerts: true,
    shape: '{ "alerts": [...] }',
  });
  if (body instanceof Response) return body;
  const sub = body.subscription;
  const alerts = await checkedAlerts(body.alerts);
  if (alerts instanceof Response) return alerts;
  const record = await recordOf(id);
  if (record instanceof Response) return record;
  const next: SubscriptionRecord = {
    ...record,
    ...(sub ?? {}),
    alerts: alerts.alerts,
    updatedAt: Date.now(),
  };
  try {
    const store = pushRuntime().store;
    if (!(await store.replace(next))) return answer(404, 'No such push subscription.');
    return answer(200, 'Updated.', { alerts: publicAlerts(next, await store.states(next.id)) });
  } catch {
    return unavailable();
  }
}

export async function handleDelete(request: Request, id: string): Promise<Response> {
  const refused = await admit(request, 'write');
  if (refused) return refused;
  await request.body?.cancel().catch(() => undefined);
  if (!CAPABILITY.test(id)) return answer(404, 'No such push subscription.');
  try {
    const removed = await pushRuntime().store.remove(recordId(id));
    return removed
      ? answer(200, 'Deleted: no more pushes reach this browser.')
      : answer(404, 'No such push subscription.');
  } catch {
    return unavailable();
  }
}
