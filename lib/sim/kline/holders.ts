/**
 * Top holders of a token: a fixed, deterministic distribution per (seed, token), so asking for 10 or
 * for `max` gives the same first ten; only `value_usd` (and the PnL figures) follow the live price.
 */
import { encode } from '../../core/address';
import { ASSETS, type SimChain, type SimTokenSeed } from '../catalogue';
import { bytes, pick, uniform } from '../core/rng';
import type { Market } from '../market';
import { chainSupply } from './market-data';

export interface TopHolder {
  rank: number;
  address: string;
  label: string | null;
  amount: string;
  percentage: string;
  value_usd: string;
  pnl_details?: {
    average_buy_price_usd: string;
    realized_pnl_usd: string;
    unrealized_pnl_usd: string;
  };
}

const MAX_RANK = 100;
const LABELS = [
  'Binance: Hot Wallet',
  'Coinbase: Custody',
  'Kraken',
  'OKX',
  'Bybit: Hot Wallet',
  'Robinhood',
  'Wintermute',
  'Jump Trading',
  'Bridge: Escrow',
  'Treasury',
] as const;

function holderAddress(chain: SimChain, key: string): string {
  switch (chain.chain_type) {
    case 'evm':
      return encode.evm(bytes(key, 20));
    case 'svm':
      return encode.solana(bytes(key, 32));
    case 'tvm':
      return encode.tron(bytes(key, 20));
    case 'utxo':
      return encode.bitcoin(bytes(key, 20));
    default:
      return `0x${encode.hash32(bytes(key, 32))}`;
  }
}

function decimalString(x: number, decimals: number, cap = 6): string {
  const s = x.toFixed(Math.max(0, Math.min(cap, decimals)));
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

const money = (x: number) => (Math.abs(x) < 0.005 ? 0 : x).toFixed(2);

/** About 10 significant digits in plain notation (PEPE trades near 1e-5). */
function priceString(x: number): string {
  return decimalString(x, Math.max(2, 9 - Math.floor(Math.log10(Math.max(x, 1e-18)))), 18);
}

/** Shares (in %) of the top MAX_RANK holders, descending; together they hold 35-80% of the supply. */
function shares(key: string): number[] {
  const weights: number[] = [];
  for (let rank = 1; rank <= MAX_RANK; rank++)
    weights.push(Math.exp(-0.07 * rank) * (0.4 + uniform(`${key}|w|${rank}`)));
  weights.sort((a, b) => b - a);
  const total = weights.reduce((a, b) => a + b, 0);
  const held = 35 + 45 * uniform(`${key}|held`);
  return weights.map((w) => (w / total) * held);
}

export function topHolders(
  market: Market,
  chain: SimChain,
  token: SimTokenSeed,
  count: number,
  withPnl: boolean,
  nowSec: number,
): TopHolder[] {
  const key = `${market.seed}|holders|${chain.id}|${(token.address ?? '').toLowerCase()}`;
  const supply = chainSupply(token);
  const price = market.assetPrice(token.asset, nowSec);
  // Entry prices spread with the asset's volatility: wide for ETH, a fraction of a cent for USDT.
  const spread = Math.min(
    0.45,
    (ASSETS.find((a) => a.asset === token.asset)?.dailyVol ?? 0.03) * 12,
  );
  return shares(key)
    .slice(0, count)
    .map((pct, i) => {
      const rank = i + 1;
      const r = `${key}|${rank}`;
      const amount = (supply * pct) / 100;
      const labelled = uniform(`${r}|labelled`) < (rank <= 5 ? 0.6 : 0.2);
      const holder: TopHolder = {
        rank,
        address: holderAddress(chain, r),
        label: labelled ? pick(LABELS, uniform(`${r}|label`)) : null,
        amount: decimalString(amount, token.decimals),
        percentage: pct.toFixed(4),
        value_usd: money(amount * price),
      };
      if (withPnl) {
        const average = price * (1 + spread * (2 * uniform(`${r}|avg`) - 1));
        holder.pnl_details = {
          average_buy_price_usd: priceString(average),
          realized_pnl_usd: money(amount * price * spread * (uniform(`${r}|realized`) - 0.3)),
          unrealized_pnl_usd: money((price - average) * amount),
        };
      }
      return holder;
    });
}
