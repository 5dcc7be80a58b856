/**
 * A WETH/USDC pool and one trade of it as the tx service's trades endpoint gives it: 2 WETH for
 * 6,200 USDC at 2023-11-14 22:13:20 UTC, a buy or (the other way round) a sell.
 */
import type { PoolTrade } from '@/lib/features/pools/api';
import type { TradePool } from '@/lib/features/pools/trades';
import { tokenTransfer, transaction } from '../../support/transactions';

export const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const TRADER = '0x84880daB66478cED362F3D35E397afb97aa72b6d';
export const WETH_USDC: TradePool = {
  address: POOL,
  base: { address: WETH, symbol: 'WETH' },
  quote: { address: USDC, symbol: 'USDC' },
};

const leg = tokenTransfer;

export function trade(side: 'buy' | 'sell', extra: Partial<PoolTrade> = {}): PoolTrade {
  const usdc = leg(USDC, 'USDC', TRADER, POOL, '6200000000', 6);
  const weth = leg(WETH, 'WETH', POOL, TRADER, '2000000000000000000', 18);
  const legs =
    side === 'buy'
      ? [usdc, weth]
      : [
          { ...weth, from_address: TRADER, to_address: POOL },
          { ...usdc, from_address: POOL, to_address: TRADER },
        ];
  return transaction({
    tx_time: 1_700_000_000,
    tx_hash: '0xfeed',
    sender: TRADER,
    receiver: POOL,
    transfer_type: 'token',
    amount: null,
    symbol: null,
    decimals: null,
    token_transfers: legs,
    ...extra,
  });
}
