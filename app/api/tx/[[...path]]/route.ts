import { handleGateway } from '@/lib/server/gateway/handle';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handler = withAccessLog('tx', (request: Request) => handleGateway('tx', request));

export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as PATCH,
  handler as DELETE,
  handler as HEAD,
  handler as OPTIONS,
};
