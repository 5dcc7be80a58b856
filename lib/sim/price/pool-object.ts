/**
 * The pool object of the price service (seed, "Pool object"), built from the shared price paths so
 * that it agrees with the kline service's candles and the tx service's pool trades. The kline
 * service's `market/pools` endpoint returns the same shape and imports this module: keep the
 * signatures of `buildPoolObject` and `findPool` stable.
 */
import { ASSETS, CHAINS, NOTABLE_TOKENS, POOLS, chainById, type SimPool } from '../catalogue';
import { uniform } from '../core/rng';
import type { Market } from '../market';
import type { PoolObject, PoolTransactions, PoolWindow } from '../../contracts/price/schema';
import { sameAddress } from './chain-type';
import { fixedString, priceString } from './format';

export type { PoolObject } from '../../contracts/price/schema';

const WINDOWS: readonly { key: PoolWindow; seconds: number; uniqueShare: number }[] = [
  { key: 'm5', seconds: 300, uniqueShare: 0.92 },
  { key: 'm15', seconds: 900, uniqueShare: 0.85 },
  { key: 'm30', seconds: 1_800, uniqueShare: 0.78 },
  { key: 'h1', seconds: 3_600, uniqueShare: 0.7 },
  { key: 'h6', seconds: 21_600, uniqueShare: 0.55 },
  { key: 'h24', seconds: 86_400, uniqueShare: 0.42 },
];

/** Chain on which a base asset is native; elsewhere it is a bridged copy with no verified supply. */
const HOME_CHAIN: Readonly<Record<string, number>> = {
  weth: 1,
  eth: 1,
  pepe: 1,
  bnb: 2,
  sol: 5,
  usdc: 1,
  usdt: 1,
};

/**
 * The catalogue pool at (chain type, protocol chain id, address), or undefined. `chainType` must be
 * a standard value already (see `normalizePriceChainType`); EVM addresses match case-insensitively.
 */
export function findPool(
  chainTypeNormalised: string,
  protocolChainId: number,
  address: string,
): SimPool | undefined {
  const chain = CHAINS.find(
    (c) => c.chain_type === chainTypeNormalised && c.chain_id === protocolChainId,
  );
  if (!chain) return undefined;
  const wanted = address.trim();
  return POOLS.find(
    (p) => p.chain === chain.id && sameAddress(chain.chain_type, p.address, wanted),
  );
}

/**
 * The pool object with every figure as of `nowSec` (Unix seconds). The price service passes the
 * start of the current UTC hour (its 1-hour cache); other callers may pass the live clock.
 */
export function buildPoolObject(market: Market, pool: SimPool, nowSec: number): PoolObject {
  const chain = chainById(pool.chain);
  if (!chain) throw new Error(`pool ${pool.address} refers to unknown chain ${pool.chain}`);
  const t = Math.floor(nowSec);
  const spec = market.poolSpec(pool);
  const price = market.poolPrice(pool, t);
  // Path volume is in cents of the path's unit; the factor turns cents into the pool's USD.
  const usdPerPathUnit = market.poolVolumeFactor(pool) * 100;
  const avgTradeUsd = Math.min(6_000, Math.max(250, pool.dailyVolumeUsd / 40_000));

  const priceChange = {} as Record<PoolWindow, string>;
  const volume = {} as Record<PoolWindow, string>;
  const transactions = {} as Record<PoolWindow, PoolTransactions>;
  for (const w of WINDOWS) {
    const past = market.poolPrice(pool, t - w.seconds).baseUsd;
    const change = past > 0 ? (price.baseUsd / past - 1) * 100 : 0;
    const usd = market.paths.volumeBetween(spec, t - w.seconds, t) * usdPerPathUnit;
    priceChange[w.key] = fixedString(change, 2);
    volume[w.key] = fixedString(usd, 2);
    transactions[w.key] = tradeCounts(
      `${market.seed}|pooltx|${pool.address}|${w.key}|${t}`,
      usd,
      avgTradeUsd,
      change,
      w.uniqueShare,
    );
  }

  const asset = ASSETS.find((a) => a.asset === pool.base.asset);
  const bridged = (HOME_CHAIN[pool.base.asset] ?? pool.chain) !== pool.chain;
  const fdv = asset ? price.baseUsd * (asset.max ?? asset.total) : null;
  const marketCap = asset && !bridged ? price.baseUsd * asset.circulating : null;
  // A constant-product pool's value moves with the square root of its price.
  const reserve = pool.reserveUsd * Math.sqrt(price.inQuote / pool.anchor);

  return {
    id: `${chain.network}_${pool.address}`,
    name: pool.name,
    address: pool.address,
    network: chain.network,
    dex: pool.dex,
    pool_created_at: pool.createdAt,
    base_token: poolToken(pool.chain, pool.base),
    quote_token: poolToken(pool.chain, pool.quote),
    base_token_price_usd: priceString(price.baseUsd),
    quote_token_price_usd: priceString(price.quoteUsd),
    fdv_usd: fdv === null ? null : fixedString(fdv, 2),
    market_cap_usd: marketCap === null ? null : fixedString(marketCap, 2),
    price_change_percentage: priceChange,
    volume_usd: volume,
    reserve_in_usd: fixedString(reserve, 2),
    transactions,
  };
}

function poolToken(chain: number, token: SimPool['base']) {
  const known = NOTABLE_TOKENS.find(
    (t) =>
      t.chain === chain &&
      t.address !== null &&
      t.address.toLowerCase() === token.address.toLowerCase(),
  );
  return {
    address: token.address,
    name: token.name,
    symbol: token.symbol,
    image_url: known?.logo ?? '',
  };
}

/** Trades in a window from its volume; buyers lean with the price move, wallets repeat over longer windows. */
function tradeCounts(
  key: string,
  usd: number,
  avgTradeUsd: number,
  change: number,
  uniqueShare: number,
): PoolTransactions {
  const count = Math.round((usd / avgTradeUsd) * (0.85 + 0.3 * uniform(`${key}|n`)));
  const buyShare =
    0.5 + Math.max(-0.15, Math.min(0.15, change / 20)) + 0.04 * (uniform(`${key}|b`) - 0.5);
  const buys = Math.round(count * buyShare);
  const sells = count - buys;
  const wallets = (n: number) => (n === 0 ? 0 : Math.max(1, Math.round(n * uniqueShare)));
  return { buys, sells, buyers: wallets(buys), sellers: wallets(sells) };
}
