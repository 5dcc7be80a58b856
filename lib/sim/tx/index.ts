/**
 * The tx (address transfer monitoring) service of the simulator: shared/seeds/tx-service.md to the
 * letter, with shared/SIMULATOR.md for what the seed leaves open and docs/simulator/tx.md for the rest.
 */
import { txContract } from '../../contracts/tx';
import { txFailure } from '../../contracts/envelopes';
import { hasValidKey } from '../core/auth';
import { json, Router, websocketHandshakeProblem } from '../core/http';
import type { SimConfig, SimService, UpgradeResult } from '../core/types';
import type { Market } from '../market';
import { addressRoutes } from './addresses';
import { adminRoutes } from './admin';
import { reject } from './rest';
import { TxRuntime } from './runtime';
import { transferRoutes } from './transfers';

export interface TxDeps {
  config: SimConfig;
  market: Market;
}

/** How often the webhook schedule and the WebSocket ACK resends are checked. */
const TICK_MS = 100;
const WS_PATH = '/transaction/ws';

export function createTxService({ config, market }: TxDeps): SimService {
  const rt = new TxRuntime(config, market);
  const router = new Router();
  transferRoutes(router, { explorer: rt.explorer, nowSec: () => rt.nowSec() });
  addressRoutes(router, { monitored: rt.monitored, persist: () => rt.saveState() });
  adminRoutes(router, rt);

  let timers: ReturnType<typeof setInterval>[] = [];
  let seriesVersion = rt.explorer.codec.version;

  const isPublic = (path: string) =>
    /^\/dex-pools\/[^/]+\/trades\/?$/.test(path) || path === WS_PATH;

  return {
    prefix: txContract.prefix,

    async handle(request, path) {
      const match = router.match(request.method, path);
      if (match === null || match === 'method') return reject(txContract.notFound());
      if (!isPublic(path) && !hasValidKey(request.headers, config.apiKey)) {
        return json(txFailure(401, 'Unauthorized'), 401);
      }
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
      if (!hasValidKey(headers, config.apiKey)) return fail(400, 'missing or invalid X-API-Key');
      if (problem) return fail(400, `malformed WebSocket handshake: ${problem.detail}`);
      return { ok: true, open: (peer) => rt.hub.open(peer, headers) };
    },

    start() {
      if (timers.length > 0) return;
      timers = [
        setInterval(() => rt.producer.step(), config.txIntervalMs),
        setInterval(() => {
          rt.webhook.tick();
          rt.hub.tick();
        }, TICK_MS),
      ];
      for (const t of timers) t.unref?.();
    },

    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      rt.hub.closeAll();
      await rt.flush();
    },
  };
}
