import { handleKey } from '@/lib/server/push/api';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The VAPID public key a browser subscribes with (lib/server/push/keys.ts). */
export const GET = withAccessLog('push.key', (request: Request) => handleKey(request));
