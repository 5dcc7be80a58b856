import { checkHealth } from '@/lib/server/health';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** For the status light and for a deployment's uptime check: 200 when every service answers. */
async function getHandler() {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}

export const GET = withAccessLog('health', getHandler);
