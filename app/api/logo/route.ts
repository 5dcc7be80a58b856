/**
 * `GET /api/logo?url=<https image URL>&w=<px>`: an upstream-named logo, fetched by the server from an
 * allowlisted host, resized and cached (lib/server/logos.ts). The browser never contacts the host.
 */
import { getEnv } from '@/lib/config/env';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '@/lib/server/auth/access';
import { withAccessLog } from '@/lib/server/http/access';
import { logoHosts, logoProxy, noLogo } from '@/lib/server/logos';
import { clientKey } from '@/lib/server/security/client-key';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function getHandler(request: Request) {
  // DASHBOARD_ACCESS=private: the admin's, and the public widget's with EMBED_PUBLIC=1.
  if (getEnv().EMBED_PUBLIC !== '1' && !(await mayRead(request)))
    return Response.json(
      { code: 401, message: SIGN_IN_TO_READ_MESSAGE, data: null },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
  const query = new URL(request.url).searchParams;
  const result = await logoProxy().get(
    query.get('url'),
    query.get('w'),
    clientKey(request),
    logoHosts(),
  );
  if (result.ok)
    return new Response(Buffer.from(result.body), {
      headers: {
        'content-type': result.contentType,
        // A logo changes rarely: browsers and a CDN keep it a day, and serve it stale for a week.
        'cache-control': 'public, max-age=86400, s-maxage=86400, stale-while-revalidate=604800',
      },
    });
  if (result.status === 404)
    // No logo (a host that fails, an image that is not one, logos off): a 1-pixel transparent image
    // rather than an error, so the page's console stays clean; the icon keeps its initials
    // (components/ui/token-icon.tsx reads a 1-pixel image as none). Asked again in 10 minutes.
    return new Response(Buffer.from(await noLogo()), {
      headers: {
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=600',
        'x-logo': 'unavailable',
      },
    });
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
  };
  if (result.retryAfterSeconds) headers['retry-after'] = String(result.retryAfterSeconds);
  return Response.json(
    { code: result.status, message: result.message, data: null },
    { status: result.status, headers },
  );
}

export const GET = withAccessLog('logo', getHandler);
