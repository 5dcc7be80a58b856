import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The cluster suite (tests/cluster): a real `redis-server`, the simulator behind a counting recorder
 * and three `next start` instances of the current build. Needs `next build` first and Debian's
 * redis-server (scripts/ensure-redis.mjs installs it). Its tests run in order, on one cluster.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
