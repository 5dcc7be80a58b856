import { describe, expect, it } from 'vitest';
import {
  joinTrades,
  MAX_MARKER_WALLETS,
  mergeMarkerTrades,
  poolTxChain,
  walletSearchBody,
} from '@/lib/features/pools/my-trades';
import { walletsForPool } from '@/lib/features/pools/my-wallets';
import type { TradePool } from '@/lib/features/pools/trades';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import { labelKey } from '@/lib/features/wallets/labels';
import { tokenTransfer, transaction } from '../../support/transactions';

const UNISWAP = '0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640';
const OTHER_POOL = '0x11b815efB8f581194ae79006d24E0d814B7697F6';
const ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const ALICE = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
const BOB = '0x1Db3439a222C519ab44bb1144fC28167b4Fa6EE6';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

const POOL: TradePool = {
  address: UNISWAP,
  base: { address: WETH, symbol: 'WETH' },
  quote: { address: USDC, symbol: 'USDC' },
};

const leg = (token: string, from: string, to: string, amount: string, decimals: number) =>
  tokenTransfer(token, null, from, to, amount, decimals);

function swap(
  hash: string,
  time: number,
  trader: string,
  side: 'buy' | 'sell',
  extra: Partial<TransactionDetail> = {},
  pool = UNISWAP,
): TransactionDetail & { id?: number } {
  const eth = leg(
    WETH,
    side === 'buy' ? pool : trader,
    side === 'buy' ? trader : pool,
    '2000000000000000000',
    18,
  );
  const usd = leg(
    USDC,
    side === 'buy' ? trader : pool,
    side === 'buy' ? pool : trader,
    '6000000000',
    6,
  );
  return transaction({
    tx_time: time,
    tx_hash: hash,
    sender: trader,
    receiver: pool,
    transfer_type: 'token',
    amount: null,
    symbol: null,
    decimals: null,
    token_transfers: [usd, eth],
    ...extra,
  });
}

const wallets = [
  { address: ALICE, label: 'Desk A' },
  { address: BOB, label: null },
];

describe('walletsForPool', () => {
  const labels = { [labelKey(ALICE)]: 'Desk A' };

  it('keeps the addresses of the pool chain (or any EVM chain), once each, with their labels', () => {
    const entries = [
      { chainType: 'ethereum', address: ALICE },
      { chainType: 'evm', address: ALICE.toLowerCase() },
      { chainType: 'evm', address: BOB },
      { chainType: 'bsc', address: '0x8894E0a0c962CB723c1976a4421c95949bE2D4E3' },
      { chainType: 'solana', address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' },
    ];
    expect(walletsForPool(entries, labels, { chainType: 'evm', chainId: 1 }, labelKey)).toEqual([
      { address: ALICE, label: 'Desk A' },
      { address: BOB, label: null },
    ]);
    expect(
      walletsForPool(entries, labels, { chainType: 'svm', chainId: 501 }, labelKey).map(
        (w) => w.address,
      ),
    ).toEqual(['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']);
    expect(walletsForPool(entries, labels, { chainType: 'move', chainId: 1 }, labelKey)).toEqual(
      [],
    );
  });

  it(`asks about at most ${MAX_MARKER_WALLETS} wallets`, () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      chainType: 'ethereum',
      address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    }));
    expect(walletsForPool(many, {}, { chainType: 'evm', chainId: 1 }, labelKey)).toHaveLength(
      MAX_MARKER_WALLETS,
    );
  });
});

describe('the transfers/search request', () => {
  it("names the pool's chain as the tx service does and filters by the base token", () => {
    expect(poolTxChain({ chainType: 'evm', chainId: 1 })).toEqual({
      chainType: 'ethereum',
      chainId: 1,
    });
    expect(poolTxChain({ chainType: 'evm', chainId: 8453 })).toEqual({
      chainType: 'evm',
      chainId: 8453,
    });
    expect(poolTxChain({ chainType: 'svm', chainId: 501 })).toEqual({
      chainType: 'solana',
      chainId: null,
    });
    expect(walletSearchBody(ALICE, { chainType: 'evm', chainId: 56 }, WETH)).toEqual({
      address: ALICE,
      chain_type: 'bsc',
      chain_id: 56,
      token: WETH,
      limit: 100,
    });
    expect(walletSearchBody(ALICE, { chainType: 'evm', chainId: 1 }, '')).toBeNull();
  });
});

describe('joinTrades', () => {
  it("keeps this pool's trades by your wallets, with side, amounts, price and label, oldest first", () => {
    const records = [
      swap('0x03', 300, ALICE, 'sell'),
      swap('0x01', 100, ALICE, 'buy'),
      swap('0x02', 200, '0x000000000000000000000000000000000000dEaD', 'buy'),
      swap('0x04', 400, BOB.toLowerCase(), 'buy'),
    ];
    const out = joinTrades(records, POOL, wallets, 'evm');
    expect(out.map((t) => [t.txHash, t.side, t.label])).toEqual([
      ['0x01', 'buy', 'Desk A'],
      ['0x03', 'sell', 'Desk A'],
      ['0x04', 'buy', null],
    ]);
    expect(out[0]).toMatchObject({
      time: 100,
      baseAmount: '2',
      quoteAmount: '6000',
      price: '3000',
      wallet: ALICE,
      chainType: 'ethereum',
      chainId: 1,
    });
  });

  it('finds a swap sent through a router (the pool pays the router, the wallet sent it)', () => {
    const viaRouter = swap('0x05', 500, ROUTER, 'buy', { sender: ALICE });
    expect(joinTrades([viaRouter], POOL, wallets, 'evm').map((t) => t.wallet)).toEqual([ALICE]);
  });

  it("leaves out other pools' trades, plain token transfers, failed ones and undated ones", () => {
    const records = [
      swap('0x06', 600, ALICE, 'buy', {}, OTHER_POOL),
      { ...swap('0x07', 700, ALICE, 'buy'), token_transfers: [leg(WETH, BOB, ALICE, '1', 18)] },
      swap('0x08', 800, ALICE, 'buy', { tx_status: 'failed' }),
      swap('0x09', 900, ALICE, 'buy', { tx_time: null }),
    ];
    expect(joinTrades(records, POOL, wallets, 'evm')).toEqual([]);
    expect(joinTrades([swap('0x01', 100, ALICE, 'buy')], POOL, [], 'evm')).toEqual([]);
  });

  it('lists a trade found by both sources (pool trades and search) once', () => {
    const a = { ...swap('0x0a', 1_000, ALICE, 'buy'), id: 1 };
    const b = { ...swap('0x0a', 1_000, ALICE, 'buy'), id: 99 };
    expect(joinTrades([a, b], POOL, wallets, 'evm')).toHaveLength(1);
  });
});

describe('mergeMarkerTrades', () => {
  it('adds new trades in time order and gives back the same list when nothing is new', () => {
    const [first, second] = joinTrades(
      [swap('0x01', 100, ALICE, 'buy'), swap('0x02', 50, BOB, 'sell')],
      POOL,
      wallets,
      'evm',
    );
    const held = mergeMarkerTrades([], [first!]);
    expect(mergeMarkerTrades(held, [first!])).toBe(held);
    expect(mergeMarkerTrades(held, [second!]).map((t) => t.txHash)).toEqual(['0x02', '0x01']);
  });
});
