import { handleDelete, handleGet, handlePut } from '@/lib/server/push/api';
import { withAccessLog } from '@/lib/server/http/access';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

// The route name, not the path: the id is a capability and stays out of the access log.
const route = 'push.subscription';

export const GET = withAccessLog(route, async (request: Request, { params }: Context) =>
  handleGet(request, (await params).id),
);
export const PUT = withAccessLog(route, async (request: Request, { params }: Context) =>
  handlePut(request, (await params).id),
);
export const DELETE = withAccessLog(route, async (request: Request, { params }: Context) =>
  handleDelete(request, (await params).id),
);
