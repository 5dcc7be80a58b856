import { getEnv } from '@/lib/config/env';
import { clientKey } from '@/lib/server/security/client-key';
import { rateLimit } from '@/lib/server/security/limits';
import { hostAllowed } from '@/lib/server/security/origin';
import { getStreamSource } from '@/lib/server/stream/server';
import { handleWebhook } from '@/lib/server/webhooks/receiver';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

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
  return handleWebhook(request, {
    secret: env.WEBHOOK_SECRET,
    ingest: (tx) => getStreamSource().ingest(undefined, tx),
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

/** Whether this receiver can verify deliveries (never the secret itself). */
function getHandler() {
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
