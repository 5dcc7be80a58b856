/**
 * Ports, URLs and the key of the end-to-end environment. The suite runs in lanes (E2E_LANES; by
 * default 2 on a machine of four cores or more, else 1): each lane is a Playwright project with its
 * own simulator, app and data directory (playwright.config.ts starts them), so two browsers work at
 * once and a test that stops its simulator, or changes what it serves, touches only its own lane.
 * A test asks for its lane's URLs with `simUrl()` and `appUrl()`.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { test, type TestInfo, type WorkerInfo } from '@playwright/test';

/**
 * Two lanes want four cores or more: on two, both browsers compete for the CPU and the suite took
 * longer than one lane does (measured: 44 tests in 12 minutes against one lane's 6 a minute).
 */
export const LANES =
  (Number(process.env.E2E_LANES) || (availableParallelism() >= 4 ? 2 : 1)) > 1 ? 2 : 1;
const SIM_BASE = Number(process.env.E2E_SIM_PORT ?? 4310);
const APP_BASE = Number(process.env.E2E_APP_PORT ?? 3310);
/** Ports of lane n are the base ports + 5n: an app's +2 is its lane's signed-in server. */
const LANE_STRIDE = 5;

/** A key that must never reach the browser: the suite scans everything the browser receives for it. */
export const E2E_API_KEY = 'e2e-upstream-key-5d1f0c9a8b7e';

export interface Lane {
  lane: number;
  simPort: number;
  appPort: number;
  simUrl: string;
  appUrl: string;
  /** DATA_DIR of the lane's servers */
  dataDir: string;
}

export function laneOf(n: number): Lane {
  const simPort = SIM_BASE + n * LANE_STRIDE;
  const appPort = APP_BASE + n * LANE_STRIDE;
  return {
    lane: n,
    simPort,
    appPort,
    simUrl: `http://127.0.0.1:${simPort}`,
    appUrl: `http://127.0.0.1:${appPort}`,
    dataDir: join(process.cwd(), '.data', `e2e-lane-${n}`),
  };
}

/** The lane of the running test, or of a worker's fixture. */
export function lane(info: TestInfo | WorkerInfo = test.info()): Lane {
  return info.project.metadata as Lane;
}

export const simUrl = (): string => lane().simUrl;
export const appUrl = (): string => lane().appUrl;
