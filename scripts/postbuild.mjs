#!/usr/bin/env node
/**
 * After `next build` (`npm run build` runs both): completes the standalone server, which Next leaves
 * without its static files, and compiles the simulator to one plain-JavaScript file that runs on a
 * production install (no tsx, no node_modules): `node dist/sim.cjs`; and the environment check that
 * `npm start` preloads (dist/check-env.cjs).
 */
import { build } from 'esbuild';
import { cpSync, existsSync, rmSync } from 'node:fs';

const standalone = '.next/standalone';
if (existsSync(standalone)) {
  rmSync(`${standalone}/.next/static`, { recursive: true, force: true });
  cpSync('.next/static', `${standalone}/.next/static`, { recursive: true });
  rmSync(`${standalone}/public`, { recursive: true, force: true });
  cpSync('public', `${standalone}/public`, { recursive: true });
}

await build({
  entryPoints: ['scripts/sim.ts'],
  outfile: 'dist/sim.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // ws's optional native speed-ups: it falls back to JavaScript without them.
  external: ['bufferutil', 'utf-8-validate'],
  legalComments: 'none',
  logLevel: 'warning',
});
// The environment check `npm start` and the container preload (scripts/check-env.ts).
await build({
  entryPoints: ['scripts/check-env.ts'],
  outfile: 'dist/check-env.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // `server-only` refuses to load outside a React Server build; this script is server-side by nature.
  alias: { 'server-only': './scripts/server-only-stub.ts' },
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(
  '[postbuild] standalone server completed; simulator compiled to dist/sim.cjs, env check to dist/check-env.cjs',
);
