import ipaddr from 'ipaddr.js';
import { getEnv } from '@/lib/config/env';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '@/lib/server/auth/access';
import { clientAddress, clientKey } from '@/lib/server/security/client-key';
import { rateLimit } from '@/lib/server/security/limits';
import { hostAllowed } from '@/lib/server/security/origin';
import { getStreamSource } from '@/lib/server/stream/server';
import { handleWebhook } from '@/lib/server/webhooks/receiver';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** WEBHOOK_ALLOWED_IPS: the sender's address (the trusted client address) is on the list. */
function senderAllowed(request: Request, allowed: readonly string[]): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `::ffff:203.0.113.7` (a dual-stack socket) is the IPv4 address it carries.
    address = ipaddr.process(clientAddress(request));
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    try {
      const range = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : ([ipaddr.process(entry), address.kind() === 'ipv4' ? 32 : 128] as const);
      return range[0].kind() === address.kind() && address.match(range[0], range[1]);
    } catch {
      return false;
    }
  });
}

/** The tx service's webhook target: verified, deduplicated, then fed to this server's live feed. */
async function postHandler(request: Request) {
  if (!hostAllowed(request.headers.get('host'))) {
    return Response.json(
      { code: 403, message: 'This host is not on ALLOWED_HOSTS.' },
      { status: 403, headers: { 'cache-control': 'no-store' } },
    );
  }
  const env = getEnv();
  const key = clientKey(request);
  const limit = rateLimit('webhook-bad-sign', {
    points: env.WEBHOOK_BAD_SIGN_PER_MIN,
    durationSeconds: 60,
  });
  const allowed = env.WEBHOOK_ALLOWED_IPS;
  return handleWebhook(request, {
    secret: env.WEBHOOK_SECRET,
    ingest: (tx) => getStreamSource().ingest(undefined, tx),
    maxAgeSeconds: env.WEBHOOK_MAX_AGE_SECONDS,
    senderAllowed: allowed ? () => senderAllowed(request, allowed) : undefined,
    badSign: {
      async blocked() {
        return (await limit.blockedFor(key)) || null;
      },
      async failed() {
        await limit.take(key);
      },
    },
  });
}

/**
 * Whether this receiver can verify deliveries (never the secret itself), for the Settings page. With
 * DASHBOARD_ACCESS=private it is the admin's to know: the upstream only ever POSTs here.
 */
async function getHandler(request: Request) {
  if (!(await mayRead(request)))
    return Response.json(
      { code: 401, message: SIGN_IN_TO_READ_MESSAGE },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  const ready = !!getEnv().WEBHOOK_SECRET;
  return Response.json(
    {
      ready,
      message: ready
        ? 'Ready: deliveries signed with WEBHOOK_SECRET are accepted.'
        : 'Not ready: set WEBHOOK_SECRET on this server.',
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}

export const POST = withAccessLog('webhooks.tx', postHandler);

export const GET = withAccessLog('webhooks.tx', getHandler);
