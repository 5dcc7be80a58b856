import { test as base } from '@playwright/test';
import { lane } from './env';

/** The lane simulator's outage switch (`POST /__sim/outage`, lib/sim/node-server.ts). */
export interface Upstream {
  /** The whole upstream becomes unreachable: connections reset, sockets dropped. */
  stop(): Promise<void>;
  /** Back up. */
  start(): Promise<void>;
}

/**
 * `upstream` stops and restarts the simulator. The fixture restarts it when the test ends, however it
 * ends: a `finally` in the test body cannot, because a test that times out has its request context
 * closed before its `finally` runs, and the simulator stayed down for every test after it (CI on
 * 8221109: one outage test failed, then 98 tests after it). It calls the simulator with Node's own
 * fetch, which no browser context owns. Then it waits for the app's /api/health to answer 200 again,
 * so an app that does not recover from the outage fails here, named, not in the tests after it.
 */
export const test = base.extend<{ upstream: Upstream }>({
  upstream: async ({}, provide, info) => {
    const { simUrl, appUrl } = lane(info);
    let down = false;
    let stopped = false;
    const set = async (state: 'down' | 'up') => {
      const r = await fetch(`${simUrl}/__sim/outage?state=${state}`, { method: 'POST' });
      if (!r.ok) throw new Error(`the simulator refused outage=${state}: HTTP ${r.status}`);
      down = state === 'down';
      stopped ||= down;
    };
    await provide({ stop: () => set('down'), start: () => set('up') });
    if (down) await set('up');
    if (stopped) await recovered(appUrl);
  },
});

/** Waits up to 30 s for the app's health check to see every service again. */
async function recovered(appUrl: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const r = await fetch(`${appUrl}/api/health`).catch((e: unknown) => String(e));
    if (typeof r !== 'string' && r.status === 200) return;
    last = typeof r === 'string' ? r : `HTTP ${r.status} ${await r.text()}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not recover from the upstream outage within 30 s: ${last}`);
}

export { expect } from '@playwright/test';
