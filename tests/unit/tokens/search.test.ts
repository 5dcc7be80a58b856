import { describe, expect, it } from 'vitest';
import type { TokenItem } from '@/lib/contracts/price/schema';
import { looksLikeAddress, matchTokens } from '@/lib/features/tokens/search';

const token = (id: number, symbol: string, name: string, chain = 'Ethereum'): TokenItem => ({
  id,
  symbol,
  name,
  decimals: 18,
  chain_id: 1,
  chain_name: chain,
  is_native: false,
});

// In the service's order (market capitalisation).
const LIST = [
  token(1, 'BTC', 'Bitcoin', 'Bitcoin'),
  token(2, 'ETH', 'Ethereum'),
  token(3, 'USDT', 'Tether USDt'),
  token(4, 'USDC', 'USD Coin'),
  token(5, 'USDC', 'USD Coin', 'Base'),
  token(6, 'WETH', 'Wrapped Ether'),
  token(7, 'ETHFI', 'ether.fi'),
  token(8, 'SUSDE', 'Ethena Staked USDe'),
];

describe('search as you type', () => {
  it('matches a symbol by prefix, whatever the case, exact symbol first then list order', () => {
    expect(matchTokens(LIST, 'usd').map((t) => t.id)).toEqual([3, 4, 5, 8]);
    expect(matchTokens(LIST, 'ETH').map((t) => t.id)).toEqual([2, 7, 8, 6]);
    expect(matchTokens(LIST, 'eth').map((t) => t.id)).toEqual([2, 7, 8, 6]);
  });

  it('matches a name by its start or a later word, after the symbols', () => {
    expect(matchTokens(LIST, 'bit').map((t) => t.id)).toEqual([1]);
    expect(matchTokens(LIST, 'wrapped').map((t) => t.id)).toEqual([6]);
    expect(matchTokens(LIST, 'coin').map((t) => t.id)).toEqual([4, 5]);
    expect(matchTokens(LIST, 'ether').map((t) => t.id)).toEqual([2, 7, 6]);
  });

  it('keeps every chain of a token, caps the list, and finds nothing for blanks or no match', () => {
    expect(matchTokens(LIST, 'usdc').map((t) => t.chain_name)).toEqual(['Ethereum', 'Base']);
    expect(matchTokens(LIST, 'u', 2)).toHaveLength(2);
    expect(matchTokens(LIST, '   ')).toEqual([]);
    expect(matchTokens(LIST, 'zzz')).toEqual([]);
    expect(matchTokens(LIST, 'usd', 0)).toEqual([]);
  });

  it('tells an address (EVM, Solana, Tron) from a name', () => {
    expect(looksLikeAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(true);
    expect(looksLikeAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true);
    expect(looksLikeAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(looksLikeAddress('usdc')).toBe(false);
    expect(looksLikeAddress('0xA0b8')).toBe(false);
    expect(looksLikeAddress('Bitcoin')).toBe(false);
  });
});
