/**
 * Framing policy, per request so that EMBED_ALLOWED_ORIGINS takes effect without a rebuild:
 * `/embed/*` may be framed by any origin (or the allowlist); every other page refuses framing.
 */
import { NextResponse, type NextRequest } from 'next/server';

function embedAncestors(): string {
  const raw = process.env.EMBED_ALLOWED_ORIGINS?.trim();
  if (!raw || raw === '*') return '*';
  const origins = raw
    .split(/[\s,]+/)
    .filter(
      (o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o) || /^https?:\/\/\*\.[a-z0-9.-]+$/i.test(o),
    );
  return origins.length > 0 ? origins.join(' ') : "'none'";
}

export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (request.nextUrl.pathname.startsWith('/embed/')) {
    response.headers.set('Content-Security-Policy', `frame-ancestors ${embedAncestors()}`);
  } else {
    response.headers.set('Content-Security-Policy', "frame-ancestors 'none'");
    response.headers.set('X-Frame-Options', 'DENY');
  }
  return response;
}

export const config = {
  // Pages only: API answers (JSON, SSE) are never framed as documents and skip this step.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|embed.js).*)'],
};
