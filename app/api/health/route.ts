import { mayRead } from '@/lib/server/auth/access';
import { checkHealth } from '@/lib/server/health';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * For the status light and for a deployment's uptime check: 200 when every service answers. With
 * DASHBOARD_ACCESS=private a visitor without the session gets the verdict alone (an uptime check
 * needs no more); the mode, the services' latencies and messages and the instance are the admin's.
 */
async function getHandler(request: Request) {
  const report = await checkHealth();
  const status = report.status === 'ok' ? 200 : 503;
  const body = (await mayRead(request)) ? report : { status: report.status };
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export const GET = withAccessLog('health', getHandler);
