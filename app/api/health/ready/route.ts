import { mayRead } from '@/lib/server/auth/access';
import { checkReadiness } from '@/lib/server/health';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Readiness: the upstream answers over HTTP and every live socket in use is connected. 503 if not.
 * An orchestrator's probe carries no session: with DASHBOARD_ACCESS=private it gets the status code
 * and `ready` alone, the report is the admin's.
 */
export const GET = withAccessLog('health.ready', async (request: Request) => {
  const report = await checkReadiness();
  const body = (await mayRead(request)) ? report : { ready: report.ready };
  return Response.json(body, {
    status: report.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
