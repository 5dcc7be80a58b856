/**
 * The kline service of the simulator (docs/contracts.md, "Kline service"): OHLCV history, market
 * lookups, the candle WebSocket and the generic ping/pong WebSocket, under `/kline/api/v1`.
 * Input rules come from lib/contracts/kline/endpoints.ts, the same code the gateway validates with.
 */
import {
  KLINE_PREFIX,
  KLINE_TOPIC_WS_PATH,
  KLINE_WS_PATH,
  klineContract,
  klineInternalError,
  klineNotFound,
  klineUnauthorized,
  parseHolders,
  parseOhlcvQuery,
  validationFailure,
} from '../../contracts/kline/endpoints';
import { decodeSegments, matchSegments, splitPattern } from '../../contracts/match';
import type { Rejection } from '../../contracts/types';
import { klineFailure } from '../../contracts/envelopes';
import { hasValidKey } from '../core/auth';
import { json, Router, websocketHandshakeProblem, type RouteHandler } from '../core/http';
import type { SimConfig, SimService, UpgradeResult, WsPeer } from '../core/types';
import type { Market } from '../market';
import { KlineCandles } from './candles';
import { LiveFeed } from './feed';
import { topHolders } from './holders';
import { coinMetadata, findNetwork, findToken, marketPool, parseInclude } from './market-data';
import { findHistoryPool } from './pools';
import { openKlineSession, openTopicSession } from './ws-sessions';

export interface KlineDeps {
  config: SimConfig;
  market: Market;
}

const ok = (data: unknown) => json({ code: 0, message: 'ok', data });
const reject = (r: Rejection) => json(r.body, r.status);
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** The seed's 426 for a request to a socket path that is no WebSocket upgrade (a plain GET, too). */
const NOT_UPGRADED: Record<'candles' | 'generic', Refusal> = {
  candles: {
    status: 426,
    headers: { ...JSON_HEADERS, upgrade: 'websocket' },
    body: JSON.stringify(klineFailure(4000, 'WebSocket upgrade required', 'BadRequestError')),
  },
  generic: {
    status: 426,
    headers: { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' },
    body: 'Expected WebSocket upgrade',
  },
};
const asResponse = (r: Refusal) => new Response(r.body, { status: r.status, headers: r.headers });

function validate(
  id: string,
  params: Record<string, string>,
  query: URLSearchParams,
): Rejection | null {
  const endpoint = klineContract.endpoints.find((e) => e.id === id);
  return endpoint?.validate?.({ params, query, body: { kind: 'none' } }) ?? null;
}

const flag = (query: URLSearchParams, name: string) => query.get(name) === 'true';

export function createKlineService({ config, market }: KlineDeps): SimService {
  const candles = new KlineCandles(market);
  const feed = new LiveFeed(candles, config.now);
  const peers = new Set<WsPeer>();
  const nowSec = () => Math.floor(config.now() / 1000);

  /** Every REST endpoint needs the key; the WebSocket paths answer 426 to plain HTTP whatever the key. */
  const authed =
    (handler: RouteHandler): RouteHandler =>
    (ctx) =>
      hasValidKey(ctx.request.headers, config.apiKey) ? handler(ctx) : reject(klineUnauthorized());
  /** A market lookup: the key, then the contract's rules for endpoint `id` (as the gateway checks). */
  const lookup = (id: string, handler: RouteHandler): RouteHandler =>
    authed((ctx) => {
      const invalid = validate(id, ctx.params, ctx.url.searchParams);
      return invalid ? reject(invalid) : handler(ctx);
    });

  const router = new Router()
    .on(
      'GET',
      '/kline/ohlcv',
      authed(({ url }) => {
        const parsed = parseOhlcvQuery(url.searchParams);
        if (!parsed.ok) return reject(parsed.rejection);
        const q = parsed.value;
        const pool = findHistoryPool(q.chainType, q.chainId, q.poolAddress);
        return ok(pool ? candles.history(pool, q.interval, q.from, q.to, q.limit, nowSec()) : []);
      }),
    )
    .on(
      'GET',
      '/market/pools/:network/:address',
      lookup('kline.market.pool', ({ url, params }) => {
        // Simulator rule on top of the seed: `include` takes only the values it understands.
        const include = parseInclude(url.searchParams.get('include'));
        if (!include.ok)
          return reject(
            validationFailure({
              include: [
                `Unknown value(s): ${include.bad.join(', ')}; allowed: base_token, quote_token, dex`,
              ],
            }),
          );
        const chain = findNetwork(params.network ?? '');
        const pool =
          chain &&
          marketPool(market, chain, params.address ?? '', nowSec(), {
            include: include.values,
            volumeBreakdown: flag(url.searchParams, 'include_volume_breakdown'),
            composition: flag(url.searchParams, 'include_composition'),
          });
        return pool ? ok(pool) : reject(klineNotFound());
      }),
    )
    .on(
      'GET',
      '/market/tokens/:network/:address/top-holders',
      lookup('kline.market.topHolders', ({ url, params }) => {
        const chain = findNetwork(params.network ?? '');
        const token = chain && findToken(chain, params.address ?? '');
        if (!chain || !token) return reject(klineNotFound());
        const count = parseHolders(url.searchParams) ?? 0;
        return ok({
          items: topHolders(
            market,
            chain,
            token,
            count,
            flag(url.searchParams, 'include_pnl_details'),
            nowSec(),
          ),
        });
      }),
    )
    .on(
      'GET',
      '/market/coins/:network/:address',
      lookup('kline.market.coin', ({ params }) => {
        const chain = findNetwork(params.network ?? '');
        const token = chain && findToken(chain, params.address ?? '');
        return chain && token ? ok(coinMetadata(chain, token)) : reject(klineNotFound());
      }),
    )
    .on('GET', KLINE_WS_PATH, () => asResponse(NOT_UPGRADED.candles))
    .on('GET', KLINE_TOPIC_WS_PATH, () => asResponse(NOT_UPGRADED.generic));

  const socketRoutes = [
    {
      segments: splitPattern(KLINE_WS_PATH),
      notUpgraded: NOT_UPGRADED.candles,
      open: (peer: WsPeer) => openKlineSession(peer, feed, config.now),
    },
    {
      segments: splitPattern(KLINE_TOPIC_WS_PATH),
      notUpgraded: NOT_UPGRADED.generic,
      open: (peer: WsPeer) => openTopicSession(peer, config.now),
    },
  ];

  return {
    prefix: KLINE_PREFIX,

    async handle(request, path) {
      const match = router.match(request.method, path);
      if (match === null || match === 'method') return reject(klineNotFound());
      try {
        return await match.handler({ request, url: new URL(request.url), params: match.params });
      } catch (error) {
        if (config.logLevel !== 'silent') console.error('[sim] kline handler failed', path, error);
        return reject(klineInternalError());
      }
    },

    upgrade(path, _url, headers): UpgradeResult | null {
      const segments = decodeSegments(path);
      const route = segments && socketRoutes.find((r) => matchSegments(r.segments, segments));
      if (!route) {
        const r = klineNotFound();
        return { ok: false, status: r.status, headers: JSON_HEADERS, body: JSON.stringify(r.body) };
      }
      const problem = websocketHandshakeProblem(headers);
      // Not a WebSocket request at all: the same 426 as a plain GET of the path.
      if (problem?.kind === 'upgrade') return { ok: false, ...route.notUpgraded };
      if (!hasValidKey(headers, config.apiKey)) {
        const r = klineUnauthorized();
        return { ok: false, status: r.status, headers: JSON_HEADERS, body: JSON.stringify(r.body) };
      }
      if (problem) {
        // The seed's 10005 "WebSocket preflight or malformed request".
        return {
          ok: false,
          status: 400,
          headers: JSON_HEADERS,
          body: JSON.stringify(
            klineFailure(10005, `Bad request: ${problem.detail}`, 'BadRequestError'),
          ),
        };
      }
      return {
        ok: true,
        open(peer) {
          peers.add(peer);
          const session = route.open(peer);
          return {
            message: (data, isBinary) => session.message(data, isBinary),
            closed() {
              peers.delete(peer);
              session.closed();
            },
          };
        },
      };
    },

    start() {
      feed.start();
    },

    async stop() {
      feed.stop();
      for (const peer of peers) peer.close(1001, 'server stopping');
      peers.clear();
    },
  };
}
