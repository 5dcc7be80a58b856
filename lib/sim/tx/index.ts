/**
 * The tx (address transfer monitoring) service of the simulator: docs/contracts.md, "Tx service" to the
 * letter, with docs/simulator/README.md ("What the seeds leave open") and docs/simulator/tx.md for the rest.
 */
import { findEndpoint } from '../../contracts/registry';
import { txContract } from '../../contracts/tx/endpoints';
import { txFailure } from '../../contracts/envelopes';
import { applicationOf } from '../core/auth';
import { json, Router, websocketHandshakeProblem } from '../core/http';
import type { SimConfig, SimService, UpgradeResult } from '../core/types';
import type { Market } from '../market';
import { addressRoutes } from './addresses';
import { adminRoutes } from './admin';
import type { AppContext } from './app-context';
import { reject } from './rest';
import { TxRuntime } from './runtime';
import { DEMO_FULL_MESSAGE } from './tenants';
import { transferRoutes } from './transfers';

export interface TxDeps {
  config: SimConfig;
  market: Market;
}

/** How often the webhook schedule and the WebSocket ACK resends are checked. */
const TICK_MS = 100;
const WS_PATH = '/transaction/ws';

/** Whether the call changes the application (the contract says): only a change makes a sandbox. */
function changes(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  const segments = path.split('/').filter(Boolean);
  return findEndpoint(txContract, method, segments)?.endpoint.mutates === true;
}

export function createTxService({ config, market }: TxDeps): SimService {
  const rt = new TxRuntime(config, market);
  const router = new Router();
  const sandboxes = !!config.sandboxes;
  // The application each request's key named, resolved once in `handle`.
  const apps = new WeakMap<Request, AppContext>();
  const appOf = (request: Request) => apps.get(request) ?? rt.operator;
  transferRoutes(router, {
    explorer: rt.explorer,
    nowSec: () => rt.nowSec(),
    find: (request, chain, hash) => appOf(request).find(chain, hash),
  });
  addressRoutes(router, {
    monitored: (request) => appOf(request).monitored,
    label: (request) => (appOf(request).isSandbox ? 'This demo sandbox' : 'This application'),
    persist: (request) => {
      if (!appOf(request).isSandbox) rt.saveState();
    },
  });
  adminRoutes(router, rt, appOf);

  let timers: ReturnType<typeof setInterval>[] = [];
  let seriesVersion = rt.explorer.codec.version;

  const isPublic = (path: string) =>
    /^\/dex-pools\/[^/]+\/trades\/?$/.test(path) || path === WS_PATH;

  return {
    prefix: txContract.prefix,
    sandboxes: rt.tenants,

    async handle(request, path) {
      const match = router.match(request.method, path);
      if (match === null || match === 'method') return reject(txContract.notFound());
      const appId = applicationOf(request.headers, config.apiKey, sandboxes);
      if (!isPublic(path) && appId === null) {
        return json(txFailure(401, 'Unauthorized'), 401);
      }
      const context = rt.context(appId ?? '', changes(request.method, path));
      if (!context) return json(txFailure(503, DEMO_FULL_MESSAGE), 503);
      apps.set(request, context);
      const response = await match.handler({
        request,
        url: new URL(request.url),
        params: match.params,
      });
      // addresses first seen in this request: keep their hashes derivable across a restart
      if (rt.explorer.codec.version !== seriesVersion) {
        seriesVersion = rt.explorer.codec.version;
        rt.saveHistory();
      }
      return response;
    },

    upgrade(path, _url, headers): UpgradeResult | null {
      if (path !== WS_PATH) return null;
      const fail = (status: number, message: string): UpgradeResult => ({
        ok: false,
        status,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          ...(status === 426 ? { upgrade: 'websocket' } : {}),
        },
        body: JSON.stringify(txFailure(status, message)),
      });
      const problem = websocketHandshakeProblem(headers);
      if (problem?.kind === 'upgrade') return fail(426, 'Upgrade Required');
      const appId = applicationOf(headers, config.apiKey, sandboxes);
      if (appId === null) return fail(400, 'missing or invalid X-API-Key');
      if (problem) return fail(400, `malformed WebSocket handshake: ${problem.detail}`);
      // A socket is a reason for a sandbox to exist (and keeps it from eviction while open).
      const context = rt.context(appId, true);
      if (!context) return fail(503, DEMO_FULL_MESSAGE);
      return { ok: true, open: (peer) => context.hub.open(peer, headers) };
    },

    /**
     * `pool-trade?chain_type=&chain_id=&pool=&trader=`: the pool's next trade (1 to 6 s away) is
     * made by `trader`, so a test can watch a given wallet trade in a pool (docs/simulator/README.md).
     */
    control(name, params) {
      if (name !== 'pool-trade') return null;
      const chainType = params.get('chain_type') ?? '';
      const chainId = Number(params.get('chain_id'));
      const pool = rt.explorer.pools.find(params.get('pool') ?? '', chainType, chainId);
      if (!pool) return json(txFailure(404, 'unknown pool'), 404);
      const forced = rt.explorer.pools.forceTrader(pool, params.get('trader') ?? '', rt.nowSec());
      if (!forced.ok) return json(txFailure(400, forced.message), 400);
      const { tx_hash, tx_time } = forced.trade;
      return json({ code: 0, message: 'ok', data: { tx_hash, tx_time } }, 200);
    },

    start() {
      if (timers.length > 0) return;
      timers = [
        setInterval(() => rt.producer.step(), config.txIntervalMs),
        setInterval(() => {
          for (const app of rt.allContexts()) {
            app.webhook.tick();
            app.hub.tick();
          }
          rt.tenants?.sweep();
        }, TICK_MS),
      ];
      for (const t of timers) t.unref?.();
    },

    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      for (const app of rt.allContexts()) app.hub.closeAll();
      await rt.flush();
    },
  };
}
