import { checkHealth } from '@/lib/server/health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** For the status light and for a deployment's uptime check: 200 when every service answers. */
export async function GET() {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
