/**
 * A chain's native coin and its wrapped form are one asset to a trader (ETH and WETH, BNB and WBNB,
 * SOL and wrapped SOL): DEX pools trade the wrapped contract, so a native token's page finds its
 * pools through it. From the price service's records where it lists the wrapped token, else from a
 * small table of the wrapped-native contracts every wallet and DEX of those chains uses.
 */
import type { ChainItem, TokenItem } from '../../contracts/price/schema';

export interface WrappedContract {
  chainType: string;
  /** protocol chain id */
  chainId: number;
  address: string;
  symbol: string;
}

/**
 * Canonical wrapped-native contracts, by protocol chain: used only for a native record on that chain
 * when the price service lists no wrapped record for it.
 */
const WRAPPED_NATIVE: readonly WrappedContract[] = [
  {
    chainType: 'evm',
    chainId: 1,
    symbol: 'WETH',
    address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  },
  {
    chainType: 'evm',
    chainId: 10,
    symbol: 'WETH',
    address: '0x4200000000000000000000000000000000000006',
  },
  {
    chainType: 'evm',
    chainId: 56,
    symbol: 'WBNB',
    address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
  },
  {
    chainType: 'evm',
    chainId: 137,
    symbol: 'WPOL',
    address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
  },
  {
    chainType: 'evm',
    chainId: 8453,
    symbol: 'WETH',
    address: '0x4200000000000000000000000000000000000006',
  },
  {
    chainType: 'evm',
    chainId: 42161,
    symbol: 'WETH',
    address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  },
  {
    chainType: 'evm',
    chainId: 43114,
    symbol: 'WAVAX',
    address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
  },
  {
    chainType: 'svm',
    chainId: 501,
    symbol: 'wSOL',
    address: 'So11111111111111111111111111111111111111112',
  },
];

/** `WETH` for ETH, or the same symbol named "Wrapped …" (the price service's wrapped SOL is `SOL`). */
export function isWrappedOf(
  native: Pick<TokenItem, 'symbol'>,
  record: Pick<TokenItem, 'symbol' | 'name'>,
): boolean {
  const symbol = record.symbol.trim().toUpperCase();
  const base = native.symbol.trim().toUpperCase();
  return symbol === `W${base}` || (symbol === base && /^wrapped\b/i.test(record.name.trim()));
}

/**
 * The wrapped contracts of the native records among `platforms`: the candidates (search results for
 * the symbol and W+symbol) on the same chain that are contracts and wrap it, else the table's entry
 * for that chain. Unique by chain and address.
 */
export function wrappedContracts(
  platforms: readonly TokenItem[],
  chains: readonly ChainItem[],
  candidates: readonly TokenItem[],
): WrappedContract[] {
  const out = new Map<string, WrappedContract>();
  for (const native of platforms.filter((p) => p.is_native)) {
    const chain = chains.find((c) => c.id === native.chain_id);
    if (!chain?.chain_type || chain.chain_id === undefined) continue;
    const listed = candidates.filter(
      (r) =>
        r.chain_id === native.chain_id &&
        !r.is_native &&
        r.contract_address &&
        isWrappedOf(native, r),
    );
    const found: WrappedContract[] = listed.length
      ? listed.map((r) => ({
          chainType: chain.chain_type as string,
          chainId: chain.chain_id as number,
          address: r.contract_address as string,
          symbol: r.symbol,
        }))
      : WRAPPED_NATIVE.filter(
          (w) => w.chainType === chain.chain_type && w.chainId === chain.chain_id,
        );
    for (const w of found) {
      const address = w.chainType === 'evm' ? w.address.toLowerCase() : w.address;
      out.set(`${w.chainType}:${w.chainId}:${address}`, w);
    }
  }
  return [...out.values()];
}
