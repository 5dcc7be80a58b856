/**
 * The security headers of every answer. Static ones (nosniff, referrer and permissions policies) come
 * from next.config.js's `headers()` for every path, static files included, and for `/api/*` the
 * locked-down policy and DENY framing too. The rest are decided per request: for pages in proxy.ts
 * (the Content-Security-Policy with a fresh nonce, framing of `/embed/*` by EMBED_ALLOWED_ORIGINS,
 * HSTS over HTTPS), for the API in the route wrapper (lib/server/http/access.ts: HSTS over HTTPS).
 */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** `frame-ancestors` of /embed/*: any origin, or the valid entries of EMBED_ALLOWED_ORIGINS. */
export function embedAncestors(raw: string | undefined): string {
  const value = raw?.trim();
  if (!value || value === '*') return '*';
  const origins = value
    .split(/[\s,]+/)
    .filter(
      (o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o) || /^https?:\/\/\*\.[a-z0-9.-]+$/i.test(o),
    );
  return origins.length > 0 ? origins.join(' ') : "'none'";
}

export function pagePolicy(opts: { nonce: string; ancestors: string; dev: boolean }): string {
  const script = [`'self'`, `'nonce-${opts.nonce}'`, `'strict-dynamic'`];
  // React's development build evaluates code for its error overlay and fast refresh.
  if (opts.dev) script.push(`'unsafe-eval'`);
  return [
    `default-src 'self'`,
    `script-src ${script.join(' ')}`,
    // React and lightweight-charts set style attributes; no script runs from a style.
    `style-src 'self' 'unsafe-inline'`,
    // Logos come through our own proxy (/api/logo): no image host learns who views a page.
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${opts.dev ? ' ws: wss:' : ''}`,
    // The pool page previews its own embed widget.
    `frame-src 'self'`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${opts.ancestors}`,
  ].join('; ');
}

/** JSON and event streams are never documents: nothing may load or run from them. */
export const API_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Every API answer's static headers, as next.config.js's `headers()` sets them (on `/:path*` and
 * `/api/:path+`; tests/unit/security/api-headers.test.ts keeps the two equal), for the answers given
 * before Next.js routes a request (lib/server/http/request-guard.ts, lib/server/http/fast-entry.ts).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
  'Content-Security-Policy': API_POLICY,
  'X-Frame-Options': 'DENY',
};
