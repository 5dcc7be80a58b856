import { describe, expect, it } from 'vitest';
import { chartPools, poolsOfToken } from '@/lib/features/tokens/platforms';
import { isWrappedOf, wrappedContracts } from '@/lib/features/tokens/wrapped';
import type { ChainItem, PoolObject, TokenItem } from '@/lib/contracts/price/schema';

const chains: ChainItem[] = [
  { id: 1, name: 'Ethereum', short_name: 'ETH', chain_id: 1, chain_type: 'evm' },
  { id: 2, name: 'BNB Smart Chain', short_name: 'BSC', chain_id: 56, chain_type: 'evm' },
  { id: 3, name: 'Base', short_name: 'BASE', chain_id: 8453, chain_type: 'evm' },
  { id: 5, name: 'Solana', short_name: 'SOL', chain_id: 501, chain_type: 'svm' },
];
const token = (
  id: number,
  symbol: string,
  name: string,
  chain_id: number,
  contract_address?: string,
): TokenItem => ({
  id,
  name,
  symbol,
  decimals: 18,
  chain_id,
  chain_name: chains.find((c) => c.id === chain_id)?.name ?? '?',
  ...(contract_address ? { contract_address } : {}),
  is_native: !contract_address,
});
// As the price service lists them (the demo's records).
const ETH = token(2, 'ETH', 'Ethereum', 1);
const ETH_BASE = token(18, 'ETH', 'Ethereum', 3);
const WETH = token(9, 'WETH', 'Wrapped Ether', 1, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
const WETH_BASE = token(
  20,
  'WETH',
  'Wrapped Ether',
  3,
  '0x4200000000000000000000000000000000000006',
);
const SOL = token(5, 'SOL', 'Solana', 5);
const WSOL = token(23, 'SOL', 'Wrapped SOL', 5, 'So11111111111111111111111111111111111111112');
const BNB = token(4, 'BNB', 'BNB', 2);

describe('wrapped forms of a native coin', () => {
  it('W + symbol, or the same symbol named Wrapped', () => {
    expect(isWrappedOf(ETH, WETH)).toBe(true);
    expect(isWrappedOf(SOL, WSOL)).toBe(true);
    expect(isWrappedOf(SOL, SOL)).toBe(false);
    expect(isWrappedOf(ETH, token(99, 'WETHX', 'Something', 1, '0x1'))).toBe(false);
  });
  it('from the price service’s records, on the same chain only', () => {
    const found = wrappedContracts([ETH, ETH_BASE], chains, [ETH, WETH, WETH_BASE]);
    expect(found).toEqual([
      { chainType: 'evm', chainId: 1, address: WETH.contract_address, symbol: 'WETH' },
      { chainType: 'evm', chainId: 8453, address: WETH_BASE.contract_address, symbol: 'WETH' },
    ]);
    expect(wrappedContracts([SOL], chains, [SOL, WSOL])).toEqual([
      { chainType: 'svm', chainId: 501, address: WSOL.contract_address, symbol: 'SOL' },
    ]);
  });
  it('from the table when the service lists no wrapped record; nothing for a contract token', () => {
    expect(wrappedContracts([BNB], chains, [BNB])).toEqual([
      {
        chainType: 'evm',
        chainId: 56,
        symbol: 'WBNB',
        address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
      },
    ]);
    expect(wrappedContracts([WETH], chains, [WETH])).toEqual([]);
  });
});

describe('pools of a native coin, and which to chart', () => {
  const pool = (base: string, quote: string, reserve: string, name: string): PoolObject =>
    ({
      name,
      reserve_in_usd: reserve,
      base_token: { address: base, name: '', symbol: '', image_url: '' },
      quote_token: { address: quote, name: '', symbol: '', image_url: '' },
    }) as unknown as PoolObject;
  const pools = [
    {
      ref: { chainType: 'evm' as const, chainId: 8453, address: '0xbase' },
      pool: pool('0x4200000000000000000000000000000000000006', '0xusdc', '20216617.54', 'base'),
    },
    {
      ref: { chainType: 'evm' as const, chainId: 1, address: '0xpepe' },
      pool: pool('0x6982', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '25843000.00', 'pepe'),
    },
    {
      ref: { chainType: 'evm' as const, chainId: 1, address: '0xuni' },
      pool: pool('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', '0xa0b8', '156900000.10', 'uni'),
    },
  ];
  const wrapped = wrappedContracts([ETH, ETH_BASE], chains, [WETH, WETH_BASE]);
  const found = poolsOfToken([ETH, ETH_BASE], chains, pools, wrapped);
  it('the ETH page finds the WETH pools, on either side, through the wrapped contract', () => {
    expect(found.map((p) => `${p.pool.name}:${p.side}:${p.via}`)).toEqual([
      'base:base:WETH',
      'pepe:quote:WETH',
      'uni:base:WETH',
    ]);
  });
  it('charts the pools that price it, deepest first; a pool quoting in it prices the other token', () => {
    expect(chartPools(found).map((p) => p.pool.name)).toEqual(['uni', 'base']);
  });
});
