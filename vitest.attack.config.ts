import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The attack suite (tests/attack): each file starts `next start` of the current build on a free port
 * (plus a simulator where it needs an upstream) and attacks it over real HTTP. Needs `next build`
 * first. One file at a time: each runs its own server on the two cores.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/attack/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 150_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
