import { checkReadiness } from '@/lib/server/health';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Readiness: the upstream answers over HTTP and every live socket in use is connected. 503 if not. */
export const GET = withAccessLog('health.ready', async () => {
  const report = await checkReadiness();
  return Response.json(report, {
    status: report.ready ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
});
