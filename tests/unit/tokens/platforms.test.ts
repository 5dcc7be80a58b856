import { describe, expect, it } from 'vitest';
import { poolsOfToken, samePlatforms, tokenExplorerUrl } from '@/lib/features/tokens/platforms';
import type { ChainItem, PoolObject, TokenItem } from '@/lib/contracts/price/schema';

const chains: ChainItem[] = [
  {
    id: 1,
    name: 'Ethereum',
    short_name: 'ETH',
    chain_id: 1,
    chain_type: 'evm',
    explorer_url: 'https://etherscan.io',
  },
  {
    id: 5,
    name: 'Solana',
    short_name: 'SOL',
    chain_id: 501,
    chain_type: 'svm',
    explorer_url: 'https://solscan.io',
  },
  {
    id: 6,
    name: 'Tron',
    short_name: 'TRX',
    chain_id: 728126428,
    chain_type: 'tvm',
    explorer_url: 'https://tronscan.org',
  },
  {
    id: 7,
    name: 'Bitcoin',
    short_name: 'BTC',
    chain_id: 0,
    chain_type: 'utxo',
    explorer_url: 'https://mempool.space',
  },
  {
    id: 9,
    name: 'Nowhere',
    short_name: 'NO',
    chain_type: 'cosmos',
    explorer_url: 'http://insecure.example',
  },
];
const rec = (
  id: number,
  chain_id: number,
  contract_address?: string,
  extra: Partial<TokenItem> = {},
): TokenItem => ({
  id,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  chain_id,
  chain_name: chains.find((c) => c.id === chain_id)?.name ?? '?',
  ...(contract_address ? { contract_address } : {}),
  is_native: !contract_address,
  ...extra,
});

describe('platforms of a token', () => {
  it("keep the records of the same asset only, the page's own first, then by chain", () => {
    const records = [
      rec(12, 5, 'EPjF'),
      rec(99, 1, '0xdead', { name: 'USDC Fake' }),
      rec(6, 1, '0xA0b8'),
      rec(6, 1, '0xA0b8'),
      rec(14, 6, 'TEkx', { symbol: 'usdc' }),
    ];
    expect(samePlatforms(rec(6, 1, '0xA0b8'), records).map((r) => r.id)).toEqual([6, 12, 14]);
  });
});

describe('explorer links', () => {
  it('per chain scheme, the home page for natives and unknown schemes, nothing without https', () => {
    const on = (id: number) => chains.find((c) => c.id === id);
    expect(tokenExplorerUrl(on(1), rec(6, 1, '0xA0b8'))).toBe('https://etherscan.io/token/0xA0b8');
    expect(tokenExplorerUrl(on(5), rec(12, 5, 'EPjF'))).toBe('https://solscan.io/token/EPjF');
    expect(tokenExplorerUrl(on(6), rec(14, 6, 'TEkx'))).toBe('https://tronscan.org/#/token20/TEkx');
    expect(tokenExplorerUrl(on(7), rec(1, 7))).toBe('https://mempool.space');
    expect(tokenExplorerUrl(on(9), rec(3, 9, 'x'))).toBeNull();
    expect(tokenExplorerUrl(undefined, rec(3, 9, 'x'))).toBeNull();
  });
});

describe('pools of a token', () => {
  const pool = (base: string, quote: string): PoolObject =>
    ({
      name: 'X / Y',
      base_token: { address: base, name: '', symbol: '', image_url: '' },
      quote_token: { address: quote, name: '', symbol: '', image_url: '' },
    }) as unknown as PoolObject;
  const pools = [
    {
      ref: { chainType: 'evm' as const, chainId: 1, address: '0xpool1' },
      pool: pool('0xc02a', '0xa0b8'),
    },
    {
      ref: { chainType: 'evm' as const, chainId: 8453, address: '0xpool2' },
      pool: pool('0x4200', '0xa0b8'),
    },
    {
      ref: { chainType: 'svm' as const, chainId: 501, address: 'Pool3' },
      pool: pool('So111', 'EPjF'),
    },
    {
      ref: { chainType: 'svm' as const, chainId: 501, address: 'Pool4' },
      pool: pool('So111', 'epjf'),
    },
  ];
  it("match by contract on the pool's own chain, EVM without case, others exactly", () => {
    const found = poolsOfToken([rec(6, 1, '0xA0B8'), rec(12, 5, 'EPjF')], chains, pools);
    expect(found.map((p) => `${p.ref.address}:${p.side}`)).toEqual([
      '0xpool1:quote',
      'Pool3:quote',
    ]);
  });
  it('a native record (no contract) matches nothing', () => {
    expect(poolsOfToken([rec(1, 7)], chains, pools)).toEqual([]);
  });
});
