import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Liveness: the process serves requests. It asks nothing of the upstream and says nothing else, so
 * it stays open to a load balancer's probe in every mode, DASHBOARD_ACCESS=private included.
 */
export const GET = withAccessLog('health.live', () =>
  Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }),
);
