import { existsSync } from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { cleanServerEnv } from './tests/support/clean-env';
import { E2E_API_KEY, LANES, laneOf, type Lane } from './tests/e2e/support/env';

/**
 * End-to-end tests run the production build against the simulator on a real port, as a deployment
 * pointed at an upstream would; both servers start with none of the developer's own configuration
 * (tests/support/clean-env.ts). Debian's Chromium is used where present (this machine cannot
 * download Playwright's); elsewhere Playwright's own browser.
 *
 * On four cores or more two lanes run at once (tests/e2e/support/env.ts), each a project with one
 * worker, its own simulator and app: within a lane specs run one after another, as they always
 * did. Lane 0 takes the specs below, lane 1 every other one (a new spec lands there), split so the
 * two take about as long.
 */

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const LANE_0 = [
  'alerts',
  'app',
  'auth',
  'chains',
  'fiat-fallback',
  'fiats',
  'figures-tools',
  'fresh-loads',
  'palette',
  'pool-watchlist',
  'push',
  'stream-honesty',
  'time-zone',
  'token',
  'wallets',
  'workspace',
  'zone-tools',
].map((name) => `**/${name}.spec.ts`);

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  // As a visitor who asks for less motion: no price flash, shimmer or ping, which the app then
  // leaves out (app/globals.css). Each flash is 900 ms of frames drawn without a GPU, on every
  // changed price, every few seconds; without them Chromium's CPU over the markets, pools and
  // views specs fell from 129 to 105 s, its compositor's from 21 to 9 s. A test that checks the
  // motion itself asks for it back (markets.spec.ts).
  reducedMotion: 'reduce' as const,
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
};

const lanes: Lane[] = Array.from({ length: LANES }, (_, n) => laneOf(n));

function project(lane: Lane): NonNullable<PlaywrightTestConfig['projects']>[number] {
  const split = LANES === 1 ? {} : lane.lane === 0 ? { testMatch: LANE_0 } : { testIgnore: LANE_0 };
  return {
    name: LANES === 1 ? 'chromium' : `lane-${lane.lane}`,
    ...split,
    workers: 1,
    metadata: lane,
    use: { ...chromium, baseURL: lane.appUrl },
  };
}

function servers(lane: Lane): NonNullable<PlaywrightTestConfig['webServer']> {
  return [
    {
      command: 'node --import tsx scripts/sim.ts',
      url: `${lane.simUrl}/price/api/v1/chains`,
      env: cleanServerEnv({
        SIM_PORT: String(lane.simPort),
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
      command: `npx next start -p ${lane.appPort} -H 127.0.0.1`,
      url: `${lane.appUrl}/api/health`,
      env: cleanServerEnv({
        UPSTREAM_BASE_URL: lane.simUrl,
        UPSTREAM_API_KEY: E2E_API_KEY,
        UPSTREAM_TIMEOUT_MS: '3000',
        DATA_DIR: lane.dataDir,
      }),
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ];
}

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: LANES,
  retries: process.env.CI ? 1 : 0,
  // Ten failed tests under CI are a broken run, not ten findings: stop there, so a cascade (one
  // test leaving the lane's simulator or app broken) ends in minutes and the first failure's error
  // stays at the log's tail (scripts/test.mjs), not after an hour of timeouts (CI on 8221109).
  maxFailures: process.env.CI ? 10 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }], ['html', { open: 'never' }]],
  use: {
    // A trace records every frame and DOM change (about half again the browser's CPU): only the
    // retry of a failed test is traced, and a test that needs its retry fails the run anyway.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    video: 'off',
  },
  projects: lanes.map(project),
  webServer: lanes.flatMap((lane) => servers(lane)),
});
