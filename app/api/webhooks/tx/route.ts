import { getEnv } from '@/lib/env';
import { getStreamHub } from '@/lib/stream/server';
import { handleWebhook } from '@/lib/webhooks/receiver';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The tx service's webhook target: verified, deduplicated, then fed to this server's live feed. */
export function POST(request: Request) {
  return handleWebhook(request, {
    secret: getEnv().WEBHOOK_SECRET,
    ingest: (tx) => getStreamHub().tx.ingest(tx),
  });
}

/** Whether this receiver can verify deliveries (never the secret itself). */
export function GET() {
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
