/**
 * The built-in upstream: price, tx and kline services on one origin, as docs/simulator/README.md, "What the seeds leave open"
 * specifies. `createSimulator` wires the services; `node-server.ts` serves it on a port.
 */
import type { SimConfig, SimService, Simulator, UpgradeResult } from './core/types';
import { Market } from './market';
import { createPriceService } from './price';
import { createTxService } from './tx';
import { createKlineService } from './kline';

export type { SimConfig, Simulator } from './core/types';

const DEFAULT_SIM_CONFIG: SimConfig = {
  apiKey: 'demo-key',
  stateDir: '.data/sim',
  txIntervalMs: 4000,
  webhookRetryBaseMs: 1000,
  seed: 'pulse-demo-v1',
  now: () => Date.now(),
  logLevel: 'info',
};

/** Reads the simulator's environment variables (docs/simulator/README.md, "Running it"). */
export function simConfigFromEnv(env: Record<string, string | undefined> = process.env): SimConfig {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
    return n;
  };
  return {
    ...DEFAULT_SIM_CONFIG,
    apiKey: env.SIM_API_KEY || DEFAULT_SIM_CONFIG.apiKey,
    stateDir:
      env.SIM_STATE_DIR === 'memory' ? null : env.SIM_STATE_DIR || DEFAULT_SIM_CONFIG.stateDir,
    txIntervalMs: int('SIM_TX_INTERVAL_MS', DEFAULT_SIM_CONFIG.txIntervalMs),
    webhookRetryBaseMs: int('SIM_WEBHOOK_RETRY_BASE_MS', DEFAULT_SIM_CONFIG.webhookRetryBaseMs),
    seed: env.SIM_SEED || DEFAULT_SIM_CONFIG.seed,
    maxAddresses: int('SIM_MAX_ADDRESSES', 10_000),
    webhookAllowPrivate: env.SIM_WEBHOOK_ALLOW_PRIVATE === '1',
    logLevel: oneOf('SIM_LOG_LEVEL', ['info', 'debug', 'silent'] as const, 'info'),
  };

  function oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if ((values as readonly string[]).includes(raw)) return raw as T;
    throw new Error(`${name} must be one of ${values.join(', ')}`);
  }
}

/** Where `npm run sim` listens: SIM_PORT (1..65535, default 4100) on SIM_HOST (default 127.0.0.1). */
export function simListenFromEnv(env: Record<string, string | undefined> = process.env): {
  port: number;
  host: string;
  control: boolean;
} {
  const rawPort = env.SIM_PORT?.trim();
  const port = rawPort ? Number(rawPort) : 4100;
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error('SIM_PORT must be a port number between 1 and 65535');
  const control = env.SIM_CONTROL?.trim();
  if (control && control !== '0' && control !== '1') throw new Error('SIM_CONTROL must be 0 or 1');
  return { port, host: env.SIM_HOST?.trim() || '127.0.0.1', control: control === '1' };
}

export function createSimulator(partial: Partial<SimConfig> = {}): Simulator {
  const config: SimConfig = { ...DEFAULT_SIM_CONFIG, ...partial };
  const market = new Market(config.seed);
  const services: SimService[] = [
    createPriceService({ config, market }),
    createTxService({ config, market }),
    createKlineService({ config, market }),
  ];
  let started = false;

  const serviceFor = (path: string) =>
    services.find((s) => path === s.prefix || path.startsWith(`${s.prefix}/`));

  return {
    config,
    sandboxes: services.find((s) => s.sandboxes)?.sandboxes ?? null,
    async handle(request) {
      const url = new URL(request.url);
      const service = serviceFor(url.pathname);
      const started = config.logLevel === 'debug' ? performance.now() : 0;
      let response: Response;
      if (!service) {
        response = new Response(JSON.stringify({ code: 404, message: 'Not found', data: null }), {
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
      } else {
        try {
          response = await service.handle(
            request,
            url.pathname.slice(service.prefix.length) || '/',
          );
        } catch (error) {
          console.error('[sim] handler failed', request.method, url.pathname, error);
          response = new Response(
            JSON.stringify({ code: 500, message: 'Internal error', data: null }),
            {
              status: 500,
              headers: { 'content-type': 'application/json; charset=utf-8' },
            },
          );
        }
      }
      if (config.logLevel === 'debug') {
        console.debug(
          `[sim] ${request.method} ${url.pathname}${url.search} ${response.status} ${(performance.now() - started).toFixed(1)}ms`,
        );
      }
      return response;
    },
    upgrade(path, headers): UpgradeResult {
      const url = new URL(path, 'http://sim.internal');
      const service = serviceFor(url.pathname);
      const result = service?.upgrade?.(url.pathname.slice(service.prefix.length), url, headers);
      return (
        result ?? {
          ok: false,
          status: 404,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ code: 404, message: 'Not found', data: null }),
        }
      );
    },
    control(name, params) {
      for (const s of services) {
        const response = s.control?.(name, params);
        if (response) return response;
      }
      return null;
    },
    start() {
      if (started) return;
      started = true;
      for (const s of services) s.start?.();
    },
    async stop() {
      started = false;
      await Promise.all(services.map((s) => (s.stop ? s.stop() : Promise.resolve())));
    },
  };
}
