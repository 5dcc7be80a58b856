import { handleCreate } from '@/lib/server/push/api';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A browser's push subscription and its alerts (lib/server/push/api.ts). */
export const POST = withAccessLog('push.subscriptions', (request: Request) =>
  handleCreate(request),
);
