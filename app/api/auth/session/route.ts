import { accessOf } from '@/lib/server/auth/access';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** `{ mode, passwordSet, signedIn, canChange, reason }`: what the UI shows before anyone tries a change. */
async function getHandler(request: Request) {
  const { status: _status, ...access } = await accessOf(request);
  return Response.json(access, { headers: { 'cache-control': 'no-store' } });
}

export const GET = withAccessLog('auth.session', getHandler);
