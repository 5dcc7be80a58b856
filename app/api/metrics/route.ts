import { timingSafeEqual, createHash } from 'node:crypto';
import { getEnv } from '@/lib/config/env';
import { metrics } from '@/lib/observe/metrics';
import { withAccessLog } from '@/lib/server/http/access';
import { getStreamHub } from '@/lib/server/stream/server';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Prometheus text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`). Off without it. */
async function getHandler(request: Request) {
  const token = getEnv().METRICS_TOKEN;
  if (!token)
    return Response.json(
      { code: 404, message: 'Metrics are off: set METRICS_TOKEN to turn them on.' },
      { status: 404, headers: { 'cache-control': 'no-store' } },
    );
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(given), digest(token)))
    return Response.json(
      { code: 401, message: 'A bearer token is required.' },
      {
        status: 401,
        headers: { 'cache-control': 'no-store', 'www-authenticate': 'Bearer realm="metrics"' },
      },
    );
  const m = metrics();
  const hub = getStreamHub();
  m.subscriptions.set({ kind: 'kline_pools' }, hub.kline.poolCount);
  m.subscriptions.set({ kind: 'tx_watches' }, hub.watchCount);
  m.subscriptions.set({ kind: 'trade_pollers' }, hub.trades.pollCount);
  return new Response(await m.registry.metrics(), {
    headers: { 'content-type': m.registry.contentType, 'cache-control': 'no-store' },
  });
}

export const GET = withAccessLog('metrics', getHandler);
