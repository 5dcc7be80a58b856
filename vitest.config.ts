import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server build; unit tests run server code directly.
      'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['tests/support/setup-dom.ts'],
    // A safety net against a hang, not a measure of speed. Under `npm test` this suite runs niced
    // beside the browser suite and may get a tenth of a core for seconds at a time: a test that
    // imports the server's module graph cold (tests/unit/observe/operations.test.ts' first, usually
    // 1-7 s) took over 20 s in CI's run of 6292aed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core to itself (cores - 1): on a 2-core CI machine that is one worker.
    maxWorkers: availableParallelism(),
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
