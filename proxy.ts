/**
 * Runs before every page (not the API, not static files): security headers with a fresh CSP nonce
 * (lib/server/security/headers.ts), the demo sandbox cookie for a new visitor (lib/server/sandbox/cookie.ts), and,
 * with DASHBOARD_ACCESS=private, the sign-in page for anyone without the admin session. Per request,
 * so EMBED_ALLOWED_ORIGINS and the rest take effect without a rebuild.
 *
 * `/api/*` skips this layer: with a proxy in front of a route, Next.js buffers every request body (up
 * to 10 MB) before the handler runs, and the layer halves the API's speed (docs/benchmarks.md). The
 * API's headers come from next.config.js and the route wrapper (lib/server/http/access.ts), its
 * private-mode refusals from the handlers themselves (docs/security.md).
 *
 * Nonces make every page render on request (no static HTML): the cost is said in docs/security.md ("Headers on every answer").
 */
import { NextResponse, type NextRequest } from 'next/server';
import { adminSession } from '@/lib/server/auth/session';
import { getEnv, sandboxMode } from '@/lib/config/env';
import { newSandboxId, sandboxOf, sandboxSetCookie } from '@/lib/server/sandbox/cookie';
import { isHttps } from '@/lib/server/security/client-key';
import { API_POLICY, embedAncestors, HSTS, pagePolicy } from '@/lib/server/security/headers';

export async function proxy(request: NextRequest) {
  const env = getEnv();
  const path = request.nextUrl.pathname;
  // Next.js answers a matched dynamic route whose path does not decode (`/api/x/%80`) with a bare
  // 500; such a request is malformed, and says so.
  if (!decodes(path)) {
    return withHeaders(
      NextResponse.json(
        { code: 400, message: 'Malformed percent-encoding in the path.' },
        { status: 400, headers: { 'cache-control': 'no-store' } },
      ),
      request,
      API_POLICY,
      false,
    );
  }
  const isEmbed = path.startsWith('/embed/');

  if (env.DASHBOARD_ACCESS === 'private' && path !== '/login') {
    const open = isEmbed && env.EMBED_PUBLIC === '1';
    if (!open && !(await adminSession(request))) {
      const login = new URL('/login', request.url);
      login.search = `?next=${encodeURIComponent(path + request.nextUrl.search)}`;
      return withHeaders(NextResponse.redirect(login, 307), request, API_POLICY, false);
    }
  }

  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = pagePolicy({
    nonce,
    ancestors: isEmbed ? embedAncestors(env.EMBED_ALLOWED_ORIGINS) : "'none'",
    dev: process.env.NODE_ENV === 'development',
  });
  // Next.js reads the nonce from the request's policy and puts it on its own scripts.
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  if (!isEmbed && sandboxMode(env) && !sandboxOf(request)) {
    // The widget needs no cookie (it works with third-party cookies blocked) and gets none.
    response.headers.append('set-cookie', sandboxSetCookie(request, newSandboxId()));
  }
  if (!isEmbed) response.headers.set('X-Frame-Options', 'DENY');
  return withHeaders(response, request, policy, true);
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function withHeaders(
  response: NextResponse,
  request: NextRequest,
  policy: string,
  page: boolean,
): NextResponse {
  response.headers.set('Content-Security-Policy', policy);
  if (!page) response.headers.set('X-Frame-Options', 'DENY');
  if (isHttps(request)) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

export const config = {
  // Not the API (see above), and static files that must load for anyone, even with
  // DASHBOARD_ACCESS=private: the widget's loader (embed.js) and its bundle (public/widget/, hashed
  // names); the installable app's manifest, icons, service worker and offline page (a browser fetches
  // them without a session). `/api` itself (no slash) is a page path: it keeps the page's 404 and
  // headers.
  matcher: [
    '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg|embed.js|widget/|manifest.webmanifest|sw.js|offline.html|icons/).*)',
  ],
};
