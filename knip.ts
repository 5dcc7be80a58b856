import type { KnipConfig } from 'knip';

/**
 * `npm run knip` (and a suite of `npm test`): no unused file, export, type or dependency, and none
 * used but unlisted. Knip's plugins find most entry points by themselves: Next.js (app/, proxy.ts,
 * instrumentation.ts, next.config.js), the package.json scripts, Playwright (its config and specs),
 * ESLint, PostCSS and Vitest. Listed here: what those cannot see.
 */
const config: KnipConfig = {
  entry: [
    // The widget's bundle, built by scripts/build-widget.mjs with esbuild.
    'lib/embed/widget.ts',
    // Loaded by the browser by URL, not imported: the embed loader (/embed.js, lib/features/pools/
    // embed-snippet.ts) and the service worker (/sw.js, lib/features/alerts/push-client.ts).
    'public/embed.js',
    'public/sw.js',
    // Compiled by scripts/postbuild.mjs with esbuild: the env check `npm start` preloads, and the
    // stub it aliases `server-only` to.
    'scripts/check-env.ts',
    'scripts/server-only-stub.ts',
    // Run by path from other scripts: scripts/test.mjs (before the cluster suite) and the stream and
    // cluster benchmarks (a forked process).
    'scripts/ensure-redis.mjs',
    'scripts/bench/stream-clients.ts',
  ],
  vitest: {
    // The unit suite, plus the attack and cluster suites scripts/test.mjs runs with --config.
    config: ['vitest.config.ts', 'vitest.attack.config.ts', 'vitest.cluster.config.ts'],
  },
  // Debian's, not npm's: apt-get (scripts/ensure-browser.mjs and ensure-redis.mjs install Chromium
  // and Redis with it) and redis-server (tests/support/redis.ts starts it).
  ignoreBinaries: ['apt-get', 'redis-server'],
};

export default config;
