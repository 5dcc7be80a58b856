import { vi } from 'vitest';

/**
 * Loads the gateway fresh under the given environment: env.ts and the response cache are
 * module-level, so each configuration gets new module instances.
 */
export async function loadGateway(env: Record<string, string | undefined>) {
  for (const key of [
    'UPSTREAM_BASE_URL',
    'UPSTREAM_API_KEY',
    'UPSTREAM_TIMEOUT_MS',
    'DASHBOARD_PASSWORD',
    'SESSION_SECRET',
    'ALLOWED_HOSTS',
    'RATE_GATEWAY_PER_MIN',
  ]) {
    delete process.env[key];
  }
  // These tests send thousands of requests from one test client through the host dash.test; the
  // limits and the host list have tests of their own (tests/attack).
  const defaults = { ALLOWED_HOSTS: 'dash.test', RATE_GATEWAY_PER_MIN: '1000000' };
  for (const [key, value] of Object.entries({ ...defaults, ...env })) {
    if (value !== undefined) process.env[key] = value;
  }
  vi.resetModules();
  (await import('@/lib/server/security/limits')).setLimitStore(null);
  // The exchange's cache is one per process (on globalThis, as Next's bundles need): a fresh
  // gateway starts from an empty one, as a fresh process would.
  (await import('@/lib/upstream/exchange')).clearExchangeCache();
  const gateway = await import('@/lib/server/gateway/handle');
  const session = await import('@/lib/server/auth/session');
  const call = (service: 'price' | 'tx' | 'kline', path: string, init: RequestInit = {}) =>
    gateway.handleGateway(service, new Request(`http://dash.test/api/${service}/v1${path}`, init));
  return { ...gateway, session, call };
}

export async function readAll(response: Response): Promise<{ text: string; headers: string }> {
  const text = await response.text();
  const headers = [...response.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  return { text, headers };
}
