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
import { DEMO_TRADER, type TradeSide } from './pools';
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
     * `pool-trade?chain_type=&chain_id=&pool=[&trader=][&side=buy|sell][&at=now|<Unix s>]`: the
     * pool's first trade after now and at or after `at` is made by `trader` (by default the demo's
     * own monitored wallet) on `side` (by default the seed's), so a test can place a wallet's
     * trades on a candle of its choice (docs/simulator/README.md).
     */
    control(name, params) {
      if (name !== 'pool-trade') return null;
      const order = poolTradeOrder(params, rt.nowSec());
      if (!order.ok) return json(txFailure(400, order.message), 400);
      const chainType = params.get('chain_type') ?? '';
      const chainId = Number(params.get('chain_id'));
      const pool = rt.explorer.pools.find(params.get('pool') ?? '', chainType, chainId);
      if (!pool) return json(txFailure(404, 'unknown pool'), 404);
      const forced = rt.explorer.pools.forceTrade(pool, order, rt.nowSec());
      if (!forced.ok) return json(txFailure(400, forced.message), 400);
      const { tx_hash, tx_time, sender, amount, decimals } = forced.trade;
      return json(
        {
          code: 0,
          message: 'ok',
          data: { tx_hash, tx_time, trader: sender, side: forced.side, amount, decimals },
        },
        200,
      );
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

/** How far ahead the test hook places a trade (its table is bounded; a day is plenty for a test). */
const MAX_AHEAD_S = 86_400;

/** The test hook's own parameters, checked like any input: unknown values are refused, not guessed. */
function poolTradeOrder(
  params: URLSearchParams,
  now: number,
): { ok: true; trader: string; side?: TradeSide; at?: number } | { ok: false; message: string } {
  const trader = params.get('trader');
  if (trader !== null && trader.trim() === '') return { ok: false, message: 'trader is empty' };
  const side = params.get('side');
  if (side !== null && side !== 'buy' && side !== 'sell')
    return { ok: false, message: 'side must be buy or sell' };
  const at = params.get('at');
  let atSec: number | undefined;
  if (at !== null && at !== 'now') {
    if (!/^\d{1,12}$/.test(at))
      return { ok: false, message: 'at must be now or a time in Unix seconds' };
    atSec = Number(at);
    if (atSec > now + MAX_AHEAD_S)
      return { ok: false, message: 'at must be within a day from now' };
  }
  return {
    ok: true,
    trader: trader ?? DEMO_TRADER,
    ...(side ? { side } : {}),
    ...(atSec !== undefined ? { at: atSec } : {}),
  };
}
