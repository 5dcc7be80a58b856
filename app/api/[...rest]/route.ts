/**
 * Any other `/api/...` path: a JSON 404, never an HTML page. (Next.js resolves `..` and `%2e%2e`
 * segments before routing, so a traversal attempt lands here or on a service's own 404.)
 */
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = withAccessLog('not-found', () =>
  Response.json(
    { code: 404, message: 'Not found', data: null },
    { status: 404, headers: { 'cache-control': 'no-store' } },
  ),
);

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as HEAD,
  notFound as OPTIONS,
};
