/** Ports and the key of the end-to-end environment (playwright.config.ts starts both servers). */
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4310);
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3310);
export const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;
/** A key that must never reach the browser: the suite scans everything the browser receives for it. */
export const E2E_API_KEY = 'e2e-upstream-key-5d1f0c9a8b7e';
