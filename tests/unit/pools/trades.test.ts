import { describe, expect, it } from 'vitest';
import {
  compareTrades,
  mergeTrades,
  readTrade,
  tradeKey,
  type TradePool,
} from '@/lib/features/pools/trades';
import type { PoolObject } from '@/lib/contracts/price/schema';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import { simGet } from './sim-payloads';
import { tokenTransfer, transaction } from '../../support/transactions';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RAYDIUM = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';

const WETH_USDC: TradePool = {
  address: UNISWAP,
  base: { address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH' },
  quote: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC' },
};

const transfer = tokenTransfer;

function tx(
  transfers: TransactionDetail['token_transfers'],
  extra: Partial<TransactionDetail> = {},
): TransactionDetail {
  return transaction({
    tx_time: 1_700_000_000,
    tx_hash: '0xabc',
    sender: '0xTRADER',
    receiver: UNISWAP,
    transfer_type: 'token',
    amount: null,
    symbol: null,
    decimals: null,
    token_transfers: transfers,
    ...extra,
  });
}

const trader = '0x84880daB66478cED362F3D35E397afb97aa72b6d';
const poolChecksummed = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640';

describe('readTrade', () => {
  it('a buy: quote into the pool, base out of it (addresses compared without case for hex)', () => {
    const t = readTrade(
      tx([
        transfer(
          '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          'USDC',
          trader,
          poolChecksummed,
          '3100000000',
          6,
        ),
        transfer(
          '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
          'WETH',
          poolChecksummed,
          trader,
          '1000000000000000000',
          18,
        ),
      ]),
      WETH_USDC,
      { base: 3100, quote: 1 },
    );
    expect(t).toMatchObject({
      side: 'buy',
      baseAmount: '1',
      quoteAmount: '3100',
      price: '3100',
      valueUsd: '3100',
      trader,
    });
  });
  it('a sell: base into the pool', () => {
    const t = readTrade(
      tx([
        transfer(
          '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
          'WETH',
          trader,
          poolChecksummed,
          '500000000000000000',
          18,
        ),
        transfer(
          '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          'USDC',
          poolChecksummed,
          trader,
          '1550000000',
          6,
        ),
      ]),
      WETH_USDC,
      { base: 3100, quote: 1.0001 },
    );
    expect(t).toMatchObject({
      side: 'sell',
      baseAmount: '0.5',
      quoteAmount: '1550',
      price: '3100',
      trader,
    });
    // Exact: 1550 × 1.0001, no float on the way.
    expect(t.valueUsd).toBe('1550.155');
  });
  it('matches tokens by symbol when the pool object has no addresses, and has no side when nothing touches the pool', () => {
    const bySymbol = {
      ...WETH_USDC,
      base: { address: '', symbol: 'weth' },
      quote: { address: '', symbol: 'USDC' },
    };
    expect(
      readTrade(
        tx([
          transfer(
            '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
            'WETH',
            poolChecksummed,
            trader,
            '1',
            18,
          ),
        ]),
        bySymbol,
        { base: null, quote: null },
      ).side,
    ).toBe('buy');
    const failed = readTrade(tx([], { tx_status: 'failed' }), WETH_USDC, { base: 3100, quote: 1 });
    expect(failed).toMatchObject({
      side: null,
      baseAmount: null,
      price: null,
      valueUsd: null,
      trader: '0xTRADER',
      status: 'failed',
    });
  });
  it('orders newest first and keys by the cursor id where there is one', () => {
    const a = { tx_time: 10, id: 5 };
    const b = { tx_time: 10, id: 7 };
    const c = { tx_time: 12 };
    expect([a, b, c].sort(compareTrades)).toEqual([c, b, a]);
    expect(tradeKey({ chain_type: 'ethereum', chain_id: 1, tx_hash: '0xabc', id: 9 })).toBe('id:9');
    expect(tradeKey({ chain_type: 'ethereum', chain_id: 1, tx_hash: '0xabc' })).toBe(
      'ethereum:1:0xabc',
    );
  });
});

describe('mergeTrades', () => {
  const at = (hash: string, time: number, status: TransactionDetail['tx_status'] = 'success') =>
    tx([], { tx_hash: hash, tx_time: time, tx_status: status });

  it('keeps the objects it holds, so a re-fetch re-renders no row that did not change', () => {
    const held = [at('0x2', 20), at('0x1', 10)];
    const again = mergeTrades(held, [at('0x2', 20), at('0x1', 10)], 50);
    expect(again).toBe(held);
    const more = mergeTrades(held, [at('0x3', 30), at('0x1', 10)], 50);
    expect(more.map((t) => t.tx_hash)).toEqual(['0x3', '0x2', '0x1']);
    expect(more[1]).toBe(held[0]);
    expect(more[2]).toBe(held[1]);
  });

  it('takes the newer copy when a trade changed, and keeps at most `limit`, newest first', () => {
    const held = [at('0x2', 20, 'pending'), at('0x1', 10)];
    const merged = mergeTrades(held, [at('0x2', 20, 'success')], 50);
    expect(merged[0]?.tx_status).toBe('success');
    expect(merged[1]).toBe(held[1]);
    const capped = mergeTrades(held, [at('0x4', 40), at('0x3', 30)], 3);
    expect(capped.map((t) => t.tx_hash)).toEqual(['0x4', '0x3', '0x2']);
  });
});

describe('readTrade on the simulator’s pool trades', () => {
  for (const [chainType, chainId, address] of [
    ['evm', 1, UNISWAP],
    ['svm', 501, RAYDIUM],
    ['evm', 1, '0x11950d141ecb863f01007add7d1a342041227b58'],
  ] as const) {
    it(`every trade of ${address.slice(0, 8)}… is a buy or a sell with both amounts, a price near the pool's and a trader`, async () => {
      const pool = await simGet<PoolObject>(
        `/price/api/v1/pools?chain_type=${chainType}&chain_id=${chainId}&pool_address=${address}`,
      );
      const { items } = await simGet<{ items: (TransactionDetail & { id: number })[] }>(
        `/tx/api/v1/dex-pools/${address}/trades?chainType=${chainType}&chainId=${chainId}&limit=100`,
      );
      expect(items.length).toBeGreaterThan(50);
      const ref: TradePool = {
        address: pool.address,
        base: pool.base_token,
        quote: pool.quote_token,
      };
      const usd = {
        base: Number(pool.base_token_price_usd),
        quote: Number(pool.quote_token_price_usd),
      };
      const poolPrice = usd.base / usd.quote;
      const sides = new Set<string | null>();
      for (const item of items) {
        const t = readTrade(item, ref, usd);
        sides.add(t.side);
        expect(t.baseAmount).not.toBeNull();
        expect(t.quoteAmount).not.toBeNull();
        expect(t.trader).not.toBe(pool.address);
        // Trades are priced on the live path, the pool object on the hour's snapshot: within 20 %.
        expect(Math.abs(Number(t.price) / poolPrice - 1)).toBeLessThan(0.2);
      }
      expect([...sides].sort()).toEqual(['buy', 'sell']);
      expect([...items].sort(compareTrades).map((i) => i.id)).toEqual(items.map((i) => i.id));
    });
  }
});
