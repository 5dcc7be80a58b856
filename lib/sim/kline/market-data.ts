/**
 * The kline service's market lookups (`/market/...`). The seed leaves their objects "not shown";
 * docs/simulator/README.md, "What the seeds leave open" fixes them: the price service's pool object (plus the optional extras below),
 * top holders and coin metadata. docs/simulator/kline.md lists every choice made here.
 */
import {
  ASSETS,
  CHAINS,
  NOTABLE_TOKENS,
  type SimChain,
  type SimPool,
  type SimTokenSeed,
} from '../catalogue';
import { uniform } from '../core/rng';
import type { Market } from '../market';
import { buildPoolObject, findPool, type PoolObject } from '../price/pool-object';

/** `network` path parameter: the GeckoTerminal-style id, or the chain's name, short name or tx-service name. */
export function findNetwork(network: string): SimChain | undefined {
  const wanted = network.trim().toLowerCase();
  return CHAINS.find(
    (c) =>
      c.network === wanted ||
      c.name.toLowerCase() === wanted ||
      c.short_name.toLowerCase() === wanted ||
      c.tx_chain_type === wanted,
  );
}

function sameAddress(chain: SimChain, a: string, b: string): boolean {
  return chain.chain_type === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** A notable token with a contract address on `chain` (native coins have none to look up). */
export function findToken(chain: SimChain, address: string): SimTokenSeed | undefined {
  return NOTABLE_TOKENS.find(
    (t) =>
      t.chain === chain.id && t.address !== null && sameAddress(chain, t.address, address.trim()),
  );
}

const INCLUDE_VALUES = ['base_token', 'quote_token', 'dex'] as const;
export type IncludeValue = (typeof INCLUDE_VALUES)[number];

export function parseInclude(
  raw: string | null,
): { ok: true; values: IncludeValue[] } | { ok: false; bad: string[] } {
  if (raw === null || raw.trim() === '') return { ok: true, values: [] };
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const bad = parts.filter((p) => !(INCLUDE_VALUES as readonly string[]).includes(p));
  if (bad.length > 0) return { ok: false, bad };
  return { ok: true, values: [...new Set(parts as IncludeValue[])] };
}

const DEX_NAMES: Readonly<Record<string, string>> = {
  uniswap_v3: 'Uniswap V3',
  uniswap_v2: 'Uniswap V2',
  raydium: 'Raydium',
  'pancakeswap-v3-bsc': 'PancakeSwap V3 (BSC)',
  'uniswap-v3-base': 'Uniswap V3 (Base)',
  'uniswap-v3-arbitrum': 'Uniswap V3 (Arbitrum)',
};

const WINDOWS = ['m5', 'm15', 'm30', 'h1', 'h6', 'h24'] as const;
const money = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);

function tokenAmount(x: number): string {
  const s = x.toFixed(x >= 1 ? 6 : 12);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

export interface MarketPoolOptions {
  include: IncludeValue[];
  volumeBreakdown: boolean;
  composition: boolean;
}

export type MarketPool = PoolObject & Record<string, unknown>;

export function marketPool(
  market: Market,
  chain: SimChain,
  address: string,
  nowSec: number,
  opts: MarketPoolOptions,
): MarketPool | null {
  const pool = findPool(chain.chain_type, chain.chain_id, address.trim());
  if (!pool) return null;
  const object: MarketPool = { ...buildPoolObject(market, pool, nowSec) };
  if (opts.volumeBreakdown) object.volume_breakdown = volumeBreakdown(object);
  if (opts.composition) object.composition = composition(market, pool, object);
  if (opts.include.length > 0) object.included = included(chain, pool, object, opts.include);
  return object;
}

/** Buy and sell side of each window's volume, split like the window's trade counts; they sum to volume_usd. */
function volumeBreakdown(object: PoolObject) {
  const out: Record<string, { buy_usd: string; sell_usd: string }> = {};
  for (const w of WINDOWS) {
    const total = Number(object.volume_usd[w]);
    const tx = object.transactions[w];
    const share = tx.buys + tx.sells > 0 ? tx.buys / (tx.buys + tx.sells) : 0.5;
    const buy = Math.round(total * share * 100) / 100;
    out[w] = { buy_usd: money(buy), sell_usd: money(total - buy) };
  }
  return out;
}

/** The pool's reserve split between its two tokens (amount in token units, value in USD, share in %). */
function composition(market: Market, pool: SimPool, object: PoolObject) {
  const reserve = Number(object.reserve_in_usd);
  // Concentrated-liquidity pools sit off 50/50; the skew is fixed per pool.
  const baseShare = 0.5 + (uniform(`${market.seed}|composition|${pool.address}`) - 0.5) * 0.16;
  const side = (token: PoolObject['base_token'], priceUsd: string, share: number) => {
    const value = reserve * share;
    const price = Number(priceUsd);
    return {
      address: token.address,
      symbol: token.symbol,
      amount: tokenAmount(price > 0 ? value / price : 0),
      value_usd: money(value),
      percentage: (share * 100).toFixed(2),
    };
  };
  return {
    base_token: side(object.base_token, object.base_token_price_usd, baseShare),
    quote_token: side(object.quote_token, object.quote_token_price_usd, 1 - baseShare),
  };
}

function included(chain: SimChain, pool: SimPool, object: PoolObject, include: IncludeValue[]) {
  const token = (t: PoolObject['base_token'], priceUsd: string) => ({
    ...t,
    decimals: findToken(chain, t.address)?.decimals ?? null,
    price_usd: priceUsd,
  });
  const out: Record<string, unknown> = {};
  if (include.includes('base_token'))
    out.base_token = token(object.base_token, object.base_token_price_usd);
  if (include.includes('quote_token'))
    out.quote_token = token(object.quote_token, object.quote_token_price_usd);
  if (include.includes('dex')) out.dex = { id: pool.dex, name: DEX_NAMES[pool.dex] ?? pool.dex };
  return out;
}

// ---- token metadata ----

const ASSET_INFO: Readonly<Record<string, { about: string; websites: string[] }>> = {
  btc: { about: 'The first decentralised digital currency.', websites: ['https://bitcoin.org'] },
  eth: {
    about: 'The native currency of the Ethereum network.',
    websites: ['https://ethereum.org'],
  },
  weth: {
    about: 'An ERC-20 wrapper of ether, redeemable 1:1.',
    websites: ['https://weth.io', 'https://ethereum.org'],
  },
  usdt: { about: 'A US dollar stablecoin issued by Tether.', websites: ['https://tether.to'] },
  usdc: {
    about: 'A fully reserved US dollar stablecoin issued by Circle.',
    websites: ['https://www.circle.com/usdc'],
  },
  bnb: { about: 'The native currency of BNB Chain.', websites: ['https://www.bnbchain.org'] },
  sol: { about: 'The native currency of the Solana network.', websites: ['https://solana.com'] },
  trx: { about: 'The native currency of the TRON network.', websites: ['https://tron.network'] },
  wbtc: { about: 'An ERC-20 token backed 1:1 by bitcoin.', websites: ['https://wbtc.network'] },
  sui: { about: 'The native currency of the Sui network.', websites: ['https://sui.io'] },
  atom: { about: 'The native currency of the Cosmos Hub.', websites: ['https://cosmos.network'] },
  pepe: { about: 'A memecoin launched on Ethereum in 2023.', websites: ['https://www.pepe.vip'] },
};

export function coinMetadata(chain: SimChain, token: SimTokenSeed) {
  const info = ASSET_INFO[token.asset];
  return {
    address: token.address ?? '',
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    image_url: token.logo,
    description: `${token.name} (${token.symbol}) on ${chain.name}. ${info?.about ?? ''}`.trim(),
    websites: info?.websites ?? [],
  };
}

/** Supply on one chain: Ethereum holds most of an asset, other chains' copies a slice. */
export function chainSupply(token: SimTokenSeed): number {
  const asset = ASSETS.find((a) => a.asset === token.asset);
  if (!asset) return 0;
  return asset.circulating * (token.chain === 1 ? 0.6 : 0.05);
}
