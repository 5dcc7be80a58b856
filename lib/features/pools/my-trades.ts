/**
 * "Your trades" on a pool's chart: the trades in this pool by an address of this browser's Wallets
 * list (or, in the widget, of its `wallets=` parameter), read as the trades list reads them
 * (lib/features/pools/trades.ts). Pure rules, no calls: which wallets apply to a pool, the
 * transfers/search body that finds a wallet's trades, and the join of trade records with wallets.
 *
 * Two sources feed it (components/pools/use-my-trades.ts): the pool's public trades (the latest 100,
 * which the page follows live over the stream's trades topic anyway) joined by trader, and, for older
 * ones, one transfers/search page per wallet filtered by the pool's base token (every trade in the
 * pool moves it) and the pool's chain. A record counts only when one of its token transfers touches
 * the pool, so a plain transfer of the token is no trade.
 */
import type { AddressFamily } from '../../core/address/family';
import { addressKey } from '../../core/address/key';
import type { ChainType } from '../../contracts/chain-types';
import type { PoolRef } from '../../contracts/pool-ref';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { readTrade, type TradePool, type TradeSide } from './trades';

/** Wallets asked about per pool: each is one keyed transfers/search request. */
export const MAX_MARKER_WALLETS = 10;
/** One page of the wallet's history (the seed's maximum). */
export const WALLET_TRADES_LIMIT = 100;

export interface MarkerWallet {
  address: string;
  /** the wallet's label in this browser, if any */
  label: string | null;
}

/** A trade of one of your wallets in this pool, as a chart marker's tooltip shows it. */
export interface MarkerTrade {
  key: string;
  /** Unix seconds */
  time: number;
  side: TradeSide;
  /** decimal strings in whole tokens */
  baseAmount: string | null;
  quoteAmount: string | null;
  /** quote per base */
  price: string | null;
  wallet: string;
  label: string | null;
  txHash: string;
  chainType: string;
  chainId: number;
  status: string | null;
}

const FAMILY: Readonly<Record<ChainType, AddressFamily | null>> = {
  evm: 'evm',
  svm: 'solana',
  tvm: 'tron',
  utxo: 'bitcoin',
  cosmos: null,
  move: null,
};

/** The address family of a pool's chain; null for chains the tx service does not track. */
export function poolFamily(pool: Pick<PoolRef, 'chainType'>): AddressFamily | null {
  return FAMILY[pool.chainType] ?? null;
}

/**
 * The tx service's chain name and id for a pool, as transfers/search takes them: EVM chains by id,
 * with the names the seed lists for records (`ethereum`, `bsc`) and `evm` with the id for the others
 * (lib/features/wallets/chains.ts has the full table; it is not imported here, so the widget's
 * markers chunk stays free of the address checks behind it). The others by family.
 */
export function poolTxChain(
  pool: Pick<PoolRef, 'chainType' | 'chainId'>,
): { chainType: string; chainId: number | null } | null {
  const family = poolFamily(pool);
  if (!family) return null;
  if (family === 'evm')
    return { chainType: NAMED_EVM[pool.chainId] ?? 'evm', chainId: pool.chainId };
  return { chainType: family, chainId: null };
}

const NAMED_EVM: Readonly<Record<number, string>> = { 1: 'ethereum', 56: 'bsc' };

/** The transfers/search body for one wallet's trades in this pool (null when it cannot be asked). */
export function walletSearchBody(
  wallet: string,
  pool: Pick<PoolRef, 'chainType' | 'chainId'>,
  baseToken: string,
): Record<string, unknown> | null {
  const chain = poolTxChain(pool);
  if (!chain || !baseToken) return null;
  return {
    address: wallet,
    chain_type: chain.chainType,
    ...(chain.chainId !== null ? { chain_id: chain.chainId } : {}),
    token: baseToken,
    limit: WALLET_TRADES_LIMIT,
  };
}

/**
 * The records that are trades in `pool` by one of `wallets`: the trader (the other side of the
 * pool's transfers), else the sender or fee payer (a swap through a router), is the wallet. One
 * entry per transaction, oldest first.
 */
export function joinTrades(
  records: readonly (TransactionDetail & { id?: unknown })[],
  pool: TradePool,
  wallets: readonly MarkerWallet[],
  family: AddressFamily | null,
): MarkerTrade[] {
  if (wallets.length === 0) return [];
  const byKey = new Map(wallets.map((w) => [addressKey(family, w.address), w]));
  const out = new Map<string, MarkerTrade>();
  for (const tx of records) {
    if (typeof tx.tx_time !== 'number' || tx.tx_status === 'failed') continue;
    const view = readTrade(tx, pool, { base: null, quote: null });
    if (!view.side) continue;
    const wallet = [view.trader, tx.sender, tx.fee_payer]
      .map((a) => (a ? byKey.get(addressKey(family, a)) : undefined))
      .find((w) => w !== undefined);
    if (!wallet) continue;
    // The same transaction from both sources: one entry, keyed by chain and hash.
    const key = markerTradeKey(tx);
    out.set(key, {
      key,
      time: tx.tx_time,
      side: view.side,
      baseAmount: view.baseAmount,
      quoteAmount: view.quoteAmount,
      price: view.price,
      wallet: wallet.address,
      label: wallet.label,
      txHash: tx.tx_hash,
      chainType: tx.chain_type,
      chainId: tx.chain_id,
      status: tx.tx_status,
    });
  }
  return [...out.values()].sort((a, b) => a.time - b.time || a.txHash.localeCompare(b.txHash));
}

function markerTradeKey(
  tx: Pick<TransactionDetail, 'chain_type' | 'chain_id' | 'tx_hash'>,
): string {
  return `${tx.chain_type}:${tx.chain_id}:${tx.tx_hash}`;
}

/** `current` with `incoming` merged (one per transaction, oldest first); `current` when nothing is new. */
export function mergeMarkerTrades(
  current: readonly MarkerTrade[],
  incoming: readonly MarkerTrade[],
): MarkerTrade[] {
  const byId = new Map(current.map((t) => [t.key, t]));
  let changed = false;
  for (const t of incoming) {
    const held = byId.get(t.key);
    if (held && held.status === t.status && held.label === t.label) continue;
    byId.set(t.key, t);
    changed = true;
  }
  if (!changed) return current as MarkerTrade[];
  return [...byId.values()].sort((a, b) => a.time - b.time || a.txHash.localeCompare(b.txHash));
}
