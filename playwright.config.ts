import { existsSync } from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { cleanServerEnv } from './tests/support/clean-env';
import { E2E_API_KEY, LANES, laneOf, ONLY_LANE, type Lane } from './tests/e2e/support/env';

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

/**
 * The late lane (`E2E_SPLIT=late`): on fewer than four cores scripts/test.mjs runs lane 0 from the
 * start, beside the other suites, and lane 1 in a process of its own once those suites are done,
 * when the browser suite alone would leave half the cores idle. Lane 1 then takes these specs,
 * about a sixth of the suite, so both lanes end together: specs that load pages and read them,
 * none that waits on a live price or a timer.
 */
const LATE_LANE = [
  'budgets',
  'chain-aliases',
  'compile-hints',
  'embed-compact',
  'embed-weight',
  'exports',
  'history',
  'layout',
  'legible',
  'search',
].map((name) => `**/${name}.spec.ts`);

const chromium = {
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
};

const lanes: Lane[] =
  ONLY_LANE === null ? Array.from({ length: LANES }, (_, n) => laneOf(n)) : [laneOf(ONLY_LANE)];
/** Where this process writes: a lane run alone has its own report and artifacts. */
const results = ONLY_LANE === null ? 'test-results/e2e' : `test-results/e2e-lane-${ONLY_LANE}`;

function split(lane: Lane): { testMatch?: string[]; testIgnore?: string[] } {
  if (LANES === 1) return {};
  const [first, rest] = process.env.E2E_SPLIT === 'late' ? [LATE_LANE, 0] : [LANE_0, 1];
  // Lane `rest` runs every spec the other lane does not.
  return lane.lane === rest ? { testIgnore: first } : { testMatch: first };
}

function project(lane: Lane): NonNullable<PlaywrightTestConfig['projects']>[number] {
  return {
    name: LANES === 1 ? 'chromium' : `lane-${lane.lane}`,
    ...split(lane),
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
  workers: lanes.length,
  // Playwright empties its output directory when it starts: never the one the other suites write in.
  outputDir: results,
  retries: process.env.CI ? 1 : 0,
  // Ten failed tests under CI are a broken run, not ten findings: stop there, so a cascade (one
  // test leaving the lane's simulator or app broken) ends in minutes and the first failure's error
  // stays at the log's tail (scripts/test.mjs), not after an hour of timeouts (CI on 8221109).
  maxFailures: process.env.CI ? 10 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: `${results}.json` }]]
    : [['list'], ['json', { outputFile: `${results}.json` }], ['html', { open: 'never' }]],
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
