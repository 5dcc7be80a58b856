import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { cleanServerEnv } from './tests/support/clean-env';
import { APP_PORT, E2E_API_KEY, SIM_PORT, SIM_URL } from './tests/e2e/support/env';

/**
 * End-to-end tests run the production build against the simulator on a real port, as a deployment
 * pointed at an upstream would; both servers start with none of the developer's own configuration
 * (tests/support/clean-env.ts). Debian's Chromium is used where present (this machine cannot
 * download Playwright's); elsewhere Playwright's own browser.
 */

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: existsSync(SYSTEM_CHROMIUM)
          ? {
              executablePath: SYSTEM_CHROMIUM,
              args: [
                '--no-sandbox',
                '--disable-gpu',
                '--disable-background-networking',
                '--disable-component-update',
                '--disable-sync',
                '--no-first-run',
              ],
            }
          : {},
      },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx scripts/sim.ts',
      url: `${SIM_URL}/price/api/v1/chains`,
      env: cleanServerEnv({
        SIM_PORT: String(SIM_PORT),
        SIM_STATE_DIR: 'memory',
        SIM_TX_INTERVAL_MS: '1500',
        SIM_CONTROL: '1',
        SIM_LOG_LEVEL: 'silent',
        SIM_API_KEY: E2E_API_KEY,
        // The settings spec's webhook receiver listens on loopback (refused by default).
        SIM_WEBHOOK_ALLOW_PRIVATE: '1',
      }),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx next start -p ${APP_PORT} -H 127.0.0.1`,
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      env: cleanServerEnv({
        UPSTREAM_BASE_URL: SIM_URL,
        UPSTREAM_API_KEY: E2E_API_KEY,
        UPSTREAM_TIMEOUT_MS: '3000',
      }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
