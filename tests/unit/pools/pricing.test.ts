import { describe, expect, it } from 'vitest';
import { inUsd, poolUsdFromClose } from '@/lib/features/pools/live';
import {
  internalChainId,
  pickQuoteUsd,
  quoteSourceText,
  tokenIdOf,
} from '@/lib/features/pools/pricing';
import { readTrade } from '@/lib/features/pools/trades';
import type { ChainItem, TokenItem } from '@/lib/contracts/price/schema';
import { tokenTransfer, transaction } from '../../support/transactions';

const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

describe('the quote token price a pool is priced at', () => {
  it('is the live quote when there is one, the hourly snapshot only otherwise', () => {
    const live = { tokenId: 2, usd: '3487.02', at: 5 };
    expect(pickQuoteUsd('3524.18', live)).toEqual({ usd: '3487.02', source: 'live' });
    expect(pickQuoteUsd('3524.18', null)).toEqual({ usd: '3524.18', source: 'snapshot' });
    // A quote that is no price is not used.
    expect(pickQuoteUsd('3524.18', { ...live, usd: '0' })?.source).toBe('snapshot');
    expect(pickQuoteUsd('3524.18', { ...live, usd: 'NaN' })?.source).toBe('snapshot');
    expect(pickQuoteUsd('', null)).toBeNull();
  });

  it('prices a WETH-quoted pool with live WETH: 1% off the hour-old snapshot', () => {
    const close = 0.0000021; // PEPE in WETH
    const live = pickQuoteUsd('3524.18', { usd: '3487' });
    const snapshot = pickQuoteUsd('3524.18', null);
    expect(poolUsdFromClose(close, live)?.toFixed()).toBe('0.0073227');
    expect(poolUsdFromClose(close, snapshot)?.toFixed()).toBe('0.007400778');
    expect(inUsd('2.5', live)?.toFixed()).toBe('8717.5');
  });

  it("values a trade's quote leg at the same live price", () => {
    const pool = {
      address: '0xpool',
      base: { address: '0xpepe', symbol: 'PEPE' },
      quote: { address: WETH, symbol: 'WETH' },
    };
    const leg = (token: string, symbol: string, from: string, to: string, amount: string) =>
      tokenTransfer(token, symbol, from, to, amount, 18);
    const tx = transaction({
      tx_hash: '0x1',
      sender: '0xme',
      receiver: '0xpool',
      transfer_type: 'token',
      amount: null,
      symbol: null,
      decimals: null,
      token_transfers: [
        leg(WETH, 'WETH', '0xme', '0xpool', '2000000000000000000'),
        leg('0xpepe', 'PEPE', '0xpool', '0xme', '1000000000000000000000000'),
      ],
    });
    const view = readTrade(tx, pool, { base: null, quote: '3487' });
    expect(view.valueUsd).toBe('6974');
  });

  it('finds the quote token by chain and address, and says where its price comes from', () => {
    const chains = [
      { id: 1, name: 'Ethereum', short_name: 'ETH', chain_id: 1, chain_type: 'evm' },
      { id: 2, name: 'BNB Smart Chain', short_name: 'BSC', chain_id: 56, chain_type: 'evm' },
    ] as ChainItem[];
    expect(internalChainId(chains, { chainType: 'evm', chainId: 56 })).toBe(2);
    expect(internalChainId(chains, { chainType: 'svm', chainId: 501 })).toBeNull();
    const items = [
      { id: 9, contract_address: WETH, symbol: 'WETH' },
      { id: 3, contract_address: '0xother', symbol: 'X' },
    ] as TokenItem[];
    expect(tokenIdOf(items, WETH.toLowerCase())).toBe(9);
    expect(tokenIdOf(items, '0xnone')).toBeNull();
    expect(quoteSourceText(pickQuoteUsd('1', null), 'WETH')).toMatch(/hourly pool snapshot/);
    expect(quoteSourceText(pickQuoteUsd('1', { usd: '1' }), 'WETH')).toMatch(/live quote/);
  });
});
