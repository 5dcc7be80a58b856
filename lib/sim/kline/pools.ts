/**
 * The kline service's pool table: every catalogue pool with one active configuration (the side it
 * tracks), plus two pools that exist only to exercise the seed's subscribe failures:
 * - USDC/USDT on Ethereum has TWO active configurations (base and quote), so `subscribe` answers
 *   4500 `subscribe: ambiguous active pool`;
 * - WETH/USDT (Uniswap v2) on Ethereum has only an inactive configuration, so `subscribe` answers
 *   4001 `subscribe: active pool not found`; its persisted history stops when collection stopped.
 * pool_id is the 1-based position in this table: catalogue order first, so ids are stable.
 */
import { ETHEREUM_TOKENS, POOLS, chainById, type SimChain, type SimPool } from '../catalogue';

export type Side = 'base' | 'quote';

export interface KlinePool {
  id: number;
  pool: SimPool;
  chain: SimChain;
  /** the pool configurations of this pool; at most one active one is the normal case */
  configs: readonly { side: Side; active: boolean }[];
  /** last moment (Unix seconds) with persisted candles, for a pool no longer collected */
  historyEnd: number | null;
}

const AMBIGUOUS_POOL_ADDRESS = '0x3416cf6c708da44db2624d63ea0aaef7113527c6';
const INACTIVE_POOL_ADDRESS = '0x0d4a11d5eeaac28ec3f61d100daf4d40471f1852';
/** Collection stopped at the end of 2025-06-30 UTC: that day's candle is whole, nothing follows. */
const INACTIVE_SINCE = Date.UTC(2025, 6, 1) / 1000 - 1;

const EXTRA_POOLS: readonly SimPool[] = [
  {
    chain: 1,
    address: AMBIGUOUS_POOL_ADDRESS,
    name: 'USDC / USDT 0.01%',
    dex: 'uniswap_v3',
    base: ETHEREUM_TOKENS.usdc,
    quote: ETHEREUM_TOKENS.usdt,
    token: 'base',
    anchor: 1,
    dailyVol: 0.0003,
    dailyVolumeUsd: 40_000_000,
    reserveUsd: 52_000_000,
    createdAt: '2021-05-05T21:45:00Z',
  },
  {
    chain: 1,
    address: INACTIVE_POOL_ADDRESS,
    name: 'WETH / USDT',
    dex: 'uniswap_v2',
    base: ETHEREUM_TOKENS.weth,
    quote: ETHEREUM_TOKENS.usdt,
    token: 'base',
    anchor: 3_100,
    dailyVol: 0.035,
    dailyVolumeUsd: 9_000_000,
    reserveUsd: 38_000_000,
    createdAt: '2020-05-05T21:09:32Z',
  },
];

function build(): KlinePool[] {
  const out: KlinePool[] = [];
  const add = (pool: SimPool, configs: KlinePool['configs'], historyEnd: number | null) => {
    const chain = chainById(pool.chain);
    if (!chain) throw new Error(`kline pool ${pool.address} on unknown chain ${pool.chain}`);
    out.push({ id: out.length + 1, pool, chain, configs, historyEnd });
  };
  for (const pool of POOLS) add(pool, [{ side: pool.token, active: true }], null);
  const [ambiguous, inactive] = EXTRA_POOLS as [SimPool, SimPool];
  add(
    ambiguous,
    [
      { side: 'base', active: true },
      { side: 'quote', active: true },
    ],
    null,
  );
  add(inactive, [{ side: 'base', active: false }], INACTIVE_SINCE);
  return out;
}

const KLINE_POOLS: readonly KlinePool[] = build();

/** The internal pool key of the WebSocket protocol: `<chain_type>:<chain_id>:<address lowercased>:`. */
export function poolKeyPrefix(chainType: string, chainId: number, address: string): string {
  return `${chainType}:${chainId}:${address.toLowerCase()}:`;
}

/**
 * History lookup (`kline/ohlcv`): by (normalised chain_type, chain_id) and address; EVM addresses
 * compare case-insensitively, every other chain's address exactly (Base58 is case-sensitive).
 */
export function findHistoryPool(
  chainType: string,
  chainId: number,
  address: string,
): KlinePool | undefined {
  return KLINE_POOLS.find(
    (p) =>
      p.chain.chain_type === chainType &&
      p.chain.chain_id === chainId &&
      (chainType === 'evm'
        ? p.pool.address.toLowerCase() === address.toLowerCase()
        : p.pool.address === address),
  );
}

/**
 * WebSocket lookup: the seed lowercases the internal pool key, so the address matches case-insensitively
 * on every chain here. Returns the ACTIVE configurations only.
 */
export function activeConfigs(
  chainType: string,
  chainId: number,
  address: string,
): { pool: KlinePool; side: Side }[] {
  const wanted = poolKeyPrefix(chainType, chainId, address);
  const out: { pool: KlinePool; side: Side }[] = [];
  for (const p of KLINE_POOLS) {
    if (poolKeyPrefix(p.chain.chain_type, p.chain.chain_id, p.pool.address) !== wanted) continue;
    for (const c of p.configs) if (c.active) out.push({ pool: p, side: c.side });
  }
  return out;
}
