import { test as base } from '@playwright/test';
import { AppServer } from './app-server';
import { E2E_API_KEY, lane } from './env';

/**
 * The suite's main app runs against the simulator as a real upstream without DASHBOARD_PASSWORD, so
 * it refuses every change (as a deployment must). Tests that change things use a second production
 * server of the same build with DASHBOARD_PASSWORD and WEBHOOK_SECRET set, started once per worker.
 */
export const ADMIN_PASSWORD = 'e2e correct horse battery staple';
export const WEBHOOK_SECRET = 'e2e-receiver-secret-7c1d';

export const test = base.extend<{ signIn: () => Promise<void> }, { admin: AppServer }>({
  admin: [
    async ({}, provide, worker) => {
      const { appPort, simUrl, dataDir } = lane(worker);
      const server = new AppServer(appPort + 2, {
        UPSTREAM_BASE_URL: simUrl,
        DATA_DIR: dataDir,
        UPSTREAM_API_KEY: E2E_API_KEY,
        UPSTREAM_TIMEOUT_MS: '3000',
        DASHBOARD_PASSWORD: ADMIN_PASSWORD,
        WEBHOOK_SECRET,
      });
      await server.start();
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ admin }, provide) => provide(admin.url),
  /** Signs this test's browser context in through the login endpoint (the cookie is shared with page.request). */
  signIn: async ({ page, admin }, provide) => {
    await provide(async () => {
      const r = await page.request.post('/api/auth/login', {
        data: { password: ADMIN_PASSWORD },
        headers: { origin: admin.url },
      });
      if (r.status() !== 200)
        throw new Error(`sign-in failed: HTTP ${r.status()} ${await r.text()}`);
    });
  },
});

export { expect } from '@playwright/test';
