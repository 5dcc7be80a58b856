/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A self-contained server in .next/standalone (the container ships only that, docs/deploying.md).
  output: 'standalone',
  reactStrictMode: true,
  // Build-time only: '1' compiles in the chart's benchmark hook (lib/chart/draw/bench-hook.ts, used by
  // `npm run bench:chart`); any other build replaces the test with '' === '1' and drops the hook.
  env: { PULSE_BENCH: process.env.PULSE_BENCH === '1' ? '1' : '' },
  // `npm test` (scripts/test.mjs) checks the types in a suite of its own, after the build: tsc over
  // the project and the route types the build writes (.next/types). Its build skips Next's pass over
  // the same files, half a minute before the browser tests can start. Any other build (a deployment's
  // too) still fails on a type error.
  typescript: { ignoreBuildErrors: process.env.PULSE_TYPES_CHECKED_APART === '1' },
  // `ws` has optional native add-ons; keep it out of the server bundle.
  serverExternalPackages: ['ws'],
  // The embed route reads the widget bundle's manifest from disk (lib/embed/assets.ts): make sure
  // the standalone server and serverless functions carry it.
  outputFileTracingIncludes: {
    '/embed/pools/[chain_type]/[chain_id]/[pool_address]': ['./public/widget/manifest.json'],
  },
  experimental: {
    // Pages take no body (no server actions), yet Next.js copies a page request's body for
    // proxy.ts, up to 10 MB by default, before the proxy runs: 16 POSTs of 10 MB to a page held
    // ~170 MB. Past this size the copy stops, and the rest is dropped as it arrives.
    proxyClientMaxBodySize: '16kb',
  },
  // `npm run dev` prints http://localhost:PORT; opening it as http://127.0.0.1:PORT must work too
  // (Next 16 otherwise blocks its dev scripts and HMR for that host, and the page never hydrates).
  allowedDevOrigins: ['127.0.0.1', 'localhost'],
  // Static on every path, static files included; the per-request ones are set in proxy.ts (pages)
  // and in the route wrapper, lib/server/http/access.ts (the API: HSTS over HTTPS).
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          {
            key: 'Permissions-Policy',
            value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
          },
        ],
      },
      {
        // The API (which proxy.ts skips): JSON and event streams are never documents, nothing may
        // load, run or frame from them. `:path+`, not `*`: `/api` alone is a page path (a 404 page).
        // The values are API_HEADERS of lib/server/security/headers.ts (a unit test keeps them equal).
        source: '/api/:path+',
        headers: [
          {
            key: 'Content-Security-Policy',
            value:
              "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      {
        // The widget's bundle and font (scripts/build-widget.mjs): content-hashed names, so a file
        // never changes under its name (its manifest is read from disk by the server, not fetched).
        source: '/widget/:file*',
        headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }],
      },
    ];
  },
};

module.exports = nextConfig;
