/**
 * The demo catalogue (docs/simulator/README.md, "Demo catalogue"). The dashboard never imports this file: it reads the
 * catalogue through the APIs, as it would read a real upstream.
 */

export interface SimChain {
  /** internal primary key of the price service */
  id: number;
  name: string;
  short_name: string;
  chain_id: number;
  chain_type: 'evm' | 'svm' | 'tvm' | 'utxo' | 'cosmos' | 'move';
  chain_icon_url: string;
  explorer_url: string;
  /** the tx service's name for the chain (`ethereum`, `bsc`, ...), null when it does not track it */
  tx_chain_type: string | null;
  /** GeckoTerminal-style network id used by pools and the kline market endpoints */
  network: string;
}

const icon = (slug: string) => `https://icons.llamao.fi/icons/chains/rsz_${slug}.jpg`;

export const CHAINS: readonly SimChain[] = [
  {
    id: 1,
    name: 'Ethereum',
    short_name: 'ETH',
    chain_id: 1,
    chain_type: 'evm',
    chain_icon_url: icon('ethereum'),
    explorer_url: 'https://etherscan.io',
    tx_chain_type: 'ethereum',
    network: 'eth',
  },
  {
    id: 2,
    name: 'BNB Smart Chain',
    short_name: 'BSC',
    chain_id: 56,
    chain_type: 'evm',
    chain_icon_url: icon('binance'),
    explorer_url: 'https://bscscan.com',
    tx_chain_type: 'bsc',
    network: 'bsc',
  },
  {
    id: 3,
    name: 'Base',
    short_name: 'BASE',
    chain_id: 8453,
    chain_type: 'evm',
    chain_icon_url: icon('base'),
    explorer_url: 'https://basescan.org',
    tx_chain_type: 'base',
    network: 'base',
  },
  {
    id: 4,
    name: 'Arbitrum One',
    short_name: 'ARB',
    chain_id: 42161,
    chain_type: 'evm',
    chain_icon_url: icon('arbitrum'),
    explorer_url: 'https://arbiscan.io',
    tx_chain_type: 'arbitrum',
    network: 'arbitrum',
  },
  {
    id: 5,
    name: 'Solana',
    short_name: 'SOL',
    chain_id: 501,
    chain_type: 'svm',
    chain_icon_url: icon('solana'),
    explorer_url: 'https://solscan.io',
    tx_chain_type: 'solana',
    network: 'solana',
  },
  {
    id: 6,
    name: 'Tron',
    short_name: 'TRX',
    chain_id: 728126428,
    chain_type: 'tvm',
    chain_icon_url: icon('tron'),
    explorer_url: 'https://tronscan.org',
    tx_chain_type: 'tron',
    network: 'tron',
  },
  {
    id: 7,
    name: 'Bitcoin',
    short_name: 'BTC',
    chain_id: 0,
    chain_type: 'utxo',
    chain_icon_url: icon('bitcoin'),
    explorer_url: 'https://mempool.space',
    tx_chain_type: 'bitcoin',
    network: 'bitcoin',
  },
  {
    id: 8,
    name: 'Sui',
    short_name: 'SUI',
    chain_id: 784,
    chain_type: 'move',
    chain_icon_url: icon('sui'),
    explorer_url: 'https://suiscan.xyz',
    tx_chain_type: null,
    network: 'sui-network',
  },
  {
    id: 9,
    name: 'Cosmos Hub',
    short_name: 'ATOM',
    chain_id: 118,
    chain_type: 'cosmos',
    chain_icon_url: icon('cosmos'),
    explorer_url: 'https://www.mintscan.io/cosmos',
    tx_chain_type: null,
    network: 'cosmos',
  },
];

/** A notable token record with its real contract address and decimals (one record per chain). */
export interface SimTokenSeed {
  symbol: string;
  name: string;
  chain: number; // SimChain.id
  address: string | null; // null for a native token
  decimals: number;
  /** shared by every chain's record of one asset; also the price path of the asset */
  asset: string;
  logo: string;
}

export interface SimAsset {
  asset: string;
  /** long-run USD price the walk reverts to */
  anchor: number;
  dailyVol: number;
  circulating: number;
  total: number;
  max: number | null;
  coingecko: string;
  cmc: string;
  /** A wrapped asset follows its underlying's price path (WETH is ETH, WBTC is BTC). */
  follows?: string;
}

const logo = (slug: string) => `https://assets.coingecko.com/coins/images/${slug}`;

/** Market parameters of the notable assets, in rank order. */
export const ASSETS: readonly SimAsset[] = [
  {
    asset: 'btc',
    anchor: 68_000,
    dailyVol: 0.028,
    circulating: 19_790_000,
    total: 19_790_000,
    max: 21_000_000,
    coingecko: 'bitcoin',
    cmc: '1',
  },
  {
    asset: 'eth',
    anchor: 3_100,
    dailyVol: 0.035,
    circulating: 120_400_000,
    total: 120_400_000,
    max: null,
    coingecko: 'ethereum',
    cmc: '1027',
  },
  {
    asset: 'usdt',
    anchor: 1,
    dailyVol: 0.0004,
    circulating: 118_000_000_000,
    total: 120_000_000_000,
    max: null,
    coingecko: 'tether',
    cmc: '825',
  },
  {
    asset: 'bnb',
    anchor: 590,
    dailyVol: 0.03,
    circulating: 145_900_000,
    total: 145_900_000,
    max: 200_000_000,
    coingecko: 'binancecoin',
    cmc: '1839',
  },
  {
    asset: 'sol',
    anchor: 165,
    dailyVol: 0.045,
    circulating: 468_000_000,
    total: 587_000_000,
    max: null,
    coingecko: 'solana',
    cmc: '5426',
  },
  {
    asset: 'usdc',
    anchor: 1,
    dailyVol: 0.0003,
    circulating: 36_000_000_000,
    total: 36_000_000_000,
    max: null,
    coingecko: 'usd-coin',
    cmc: '3408',
  },
  {
    asset: 'trx',
    anchor: 0.16,
    dailyVol: 0.025,
    circulating: 87_000_000_000,
    total: 87_000_000_000,
    max: null,
    coingecko: 'tron',
    cmc: '1958',
  },
  {
    asset: 'wbtc',
    anchor: 68_000,
    dailyVol: 0.028,
    circulating: 154_000,
    total: 154_000,
    max: null,
    coingecko: 'wrapped-bitcoin',
    cmc: '3717',
    follows: 'btc',
  },
  {
    asset: 'weth',
    anchor: 3_100,
    dailyVol: 0.035,
    circulating: 3_000_000,
    total: 3_000_000,
    max: null,
    coingecko: 'weth',
    cmc: '2396',
    follows: 'eth',
  },
  {
    asset: 'sui',
    anchor: 1.9,
    dailyVol: 0.055,
    circulating: 2_760_000_000,
    total: 10_000_000_000,
    max: 10_000_000_000,
    coingecko: 'sui',
    cmc: '20947',
  },
  {
    asset: 'atom',
    anchor: 6.5,
    dailyVol: 0.04,
    circulating: 390_000_000,
    total: 390_000_000,
    max: null,
    coingecko: 'cosmos',
    cmc: '3794',
  },
  {
    asset: 'pepe',
    anchor: 0.0000105,
    dailyVol: 0.07,
    circulating: 420_690_000_000_000,
    total: 420_690_000_000_000,
    max: 420_690_000_000_000,
    coingecko: 'pepe',
    cmc: '24478',
  },
];

export const NOTABLE_TOKENS: readonly SimTokenSeed[] = [
  {
    symbol: 'BTC',
    name: 'Bitcoin',
    chain: 7,
    address: null,
    decimals: 8,
    asset: 'btc',
    logo: logo('1/large/bitcoin.png'),
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    chain: 1,
    address: null,
    decimals: 18,
    asset: 'eth',
    logo: logo('279/large/ethereum.png'),
  },
  {
    symbol: 'USDT',
    name: 'Tether USDt',
    chain: 1,
    address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    decimals: 6,
    asset: 'usdt',
    logo: logo('325/large/Tether.png'),
  },
  {
    symbol: 'BNB',
    name: 'BNB',
    chain: 2,
    address: null,
    decimals: 18,
    asset: 'bnb',
    logo: logo('825/large/bnb-icon2_2x.png'),
  },
  {
    symbol: 'SOL',
    name: 'Solana',
    chain: 5,
    address: null,
    decimals: 9,
    asset: 'sol',
    logo: logo('4128/large/solana.png'),
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chain: 1,
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    decimals: 6,
    asset: 'usdc',
    logo: logo('6319/large/usdc.png'),
  },
  {
    symbol: 'TRX',
    name: 'TRON',
    chain: 6,
    address: null,
    decimals: 6,
    asset: 'trx',
    logo: logo('1094/large/tron-logo.png'),
  },
  {
    symbol: 'WBTC',
    name: 'Wrapped Bitcoin',
    chain: 1,
    address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
    decimals: 8,
    asset: 'wbtc',
    logo: logo('7598/large/wrapped_bitcoin_wbtc.png'),
  },
  {
    symbol: 'WETH',
    name: 'Wrapped Ether',
    chain: 1,
    address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    decimals: 18,
    asset: 'weth',
    logo: logo('2518/large/weth.png'),
  },
  {
    symbol: 'SUI',
    name: 'Sui',
    chain: 8,
    address: null,
    decimals: 9,
    asset: 'sui',
    logo: logo('26375/large/sui-ocean-square.png'),
  },
  {
    symbol: 'ATOM',
    name: 'Cosmos Hub',
    chain: 9,
    address: null,
    decimals: 6,
    asset: 'atom',
    logo: logo('1481/large/cosmos_hub.png'),
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chain: 2,
    address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
    decimals: 18,
    asset: 'usdc',
    logo: logo('6319/large/usdc.png'),
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chain: 3,
    address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    decimals: 6,
    asset: 'usdc',
    logo: logo('6319/large/usdc.png'),
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chain: 4,
    address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    decimals: 6,
    asset: 'usdc',
    logo: logo('6319/large/usdc.png'),
  },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    chain: 5,
    address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    decimals: 6,
    asset: 'usdc',
    logo: logo('6319/large/usdc.png'),
  },
  {
    symbol: 'USDT',
    name: 'Tether USDt',
    chain: 2,
    address: '0x55d398326f99059fF775485246999027B3197955',
    decimals: 18,
    asset: 'usdt',
    logo: logo('325/large/Tether.png'),
  },
  {
    symbol: 'USDT',
    name: 'Tether USDt',
    chain: 6,
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    asset: 'usdt',
    logo: logo('325/large/Tether.png'),
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    chain: 3,
    address: null,
    decimals: 18,
    asset: 'eth',
    logo: logo('279/large/ethereum.png'),
  },
  {
    symbol: 'ETH',
    name: 'Ethereum',
    chain: 4,
    address: null,
    decimals: 18,
    asset: 'eth',
    logo: logo('279/large/ethereum.png'),
  },
  {
    symbol: 'WETH',
    name: 'Wrapped Ether',
    chain: 3,
    address: '0x4200000000000000000000000000000000000006',
    decimals: 18,
    asset: 'weth',
    logo: logo('2518/large/weth.png'),
  },
  {
    symbol: 'WETH',
    name: 'Wrapped Ether',
    chain: 4,
    address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    decimals: 18,
    asset: 'weth',
    logo: logo('2518/large/weth.png'),
  },
  {
    symbol: 'WBNB',
    name: 'Wrapped BNB',
    chain: 2,
    address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
    decimals: 18,
    asset: 'bnb',
    logo: logo('12591/large/binance-coin-logo.png'),
  },
  {
    symbol: 'SOL',
    name: 'Wrapped SOL',
    chain: 5,
    address: 'So11111111111111111111111111111111111111112',
    decimals: 9,
    asset: 'sol',
    logo: logo('21629/large/solana.jpg'),
  },
  {
    symbol: 'PEPE',
    name: 'Pepe',
    chain: 1,
    address: '0x6982508145454Ce325dDbE47a25d4ec3d2311933',
    decimals: 18,
    asset: 'pepe',
    logo: logo('29850/large/pepe-token.jpeg'),
  },
];

export interface SimPool {
  chain: number; // SimChain.id
  address: string;
  name: string;
  dex: string;
  base: { asset: string; symbol: string; name: string; address: string };
  quote: { asset: string; symbol: string; name: string; address: string };
  /** which side the kline service tracks (the "unique active pool configuration") */
  token: 'base' | 'quote';
  /** long-run price of base in quote */
  anchor: number;
  dailyVol: number;
  /** typical daily volume in USD */
  dailyVolumeUsd: number;
  reserveUsd: number;
  createdAt: string;
}

/** Ethereum tokens that stand in several pools, here and among the kline service's extra pools. */
export const ETHEREUM_TOKENS = {
  weth: {
    asset: 'weth',
    symbol: 'WETH',
    name: 'Wrapped Ether',
    address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  },
  usdc: {
    asset: 'usdc',
    symbol: 'USDC',
    name: 'USD Coin',
    address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  },
  usdt: {
    asset: 'usdt',
    symbol: 'USDT',
    name: 'Tether USDt',
    address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
  },
} as const;

export const POOLS: readonly SimPool[] = [
  {
    chain: 1,
    address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
    name: 'WETH / USDC 0.05%',
    dex: 'uniswap_v3',
    base: ETHEREUM_TOKENS.weth,
    quote: ETHEREUM_TOKENS.usdc,
    token: 'base',
    anchor: 3_100,
    dailyVol: 0.035,
    dailyVolumeUsd: 210_000_000,
    reserveUsd: 142_000_000,
    createdAt: '2021-05-05T21:42:11Z',
  },
  {
    chain: 5,
    address: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW',
    name: 'SOL / USDC',
    dex: 'raydium',
    base: {
      asset: 'sol',
      symbol: 'SOL',
      name: 'Wrapped SOL',
      address: 'So11111111111111111111111111111111111111112',
    },
    quote: {
      asset: 'usdc',
      symbol: 'USDC',
      name: 'USD Coin',
      address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    },
    token: 'base',
    anchor: 165,
    dailyVol: 0.045,
    dailyVolumeUsd: 48_000_000,
    reserveUsd: 9_800_000,
    createdAt: '2021-08-06T12:00:00Z',
  },
  {
    chain: 2,
    address: '0x36696169c63e42cd08ce11f5deebbcebae652050',
    name: 'WBNB / USDT 0.05%',
    dex: 'pancakeswap-v3-bsc',
    base: {
      asset: 'bnb',
      symbol: 'WBNB',
      name: 'Wrapped BNB',
      address: '0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c',
    },
    quote: {
      asset: 'usdt',
      symbol: 'USDT',
      name: 'Tether USDt',
      address: '0x55d398326f99059ff775485246999027b3197955',
    },
    token: 'base',
    anchor: 590,
    dailyVol: 0.03,
    dailyVolumeUsd: 35_000_000,
    reserveUsd: 21_500_000,
    createdAt: '2023-04-03T09:21:00Z',
  },
  {
    chain: 3,
    address: '0xd0b53d9277642d899df5c87a3966a349a798f224',
    name: 'WETH / USDC 0.05%',
    dex: 'uniswap-v3-base',
    base: {
      asset: 'weth',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      address: '0x4200000000000000000000000000000000000006',
    },
    quote: {
      asset: 'usdc',
      symbol: 'USDC',
      name: 'USD Coin',
      address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    },
    token: 'base',
    anchor: 3_100,
    dailyVol: 0.035,
    dailyVolumeUsd: 95_000_000,
    reserveUsd: 18_300_000,
    createdAt: '2023-08-12T17:05:00Z',
  },
  {
    chain: 4,
    address: '0xc6962004f452be9203591991d15f6b388e09e8d0',
    name: 'WETH / USDC 0.05%',
    dex: 'uniswap-v3-arbitrum',
    base: {
      asset: 'weth',
      symbol: 'WETH',
      name: 'Wrapped Ether',
      address: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
    },
    quote: {
      asset: 'usdc',
      symbol: 'USDC',
      name: 'USD Coin',
      address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
    },
    token: 'base',
    anchor: 3_100,
    dailyVol: 0.035,
    dailyVolumeUsd: 60_000_000,
    reserveUsd: 14_200_000,
    createdAt: '2023-11-21T06:44:00Z',
  },
  {
    chain: 1,
    address: '0x11950d141ecb863f01007add7d1a342041227b58',
    name: 'PEPE / WETH 0.3%',
    dex: 'uniswap_v3',
    base: {
      asset: 'pepe',
      symbol: 'PEPE',
      name: 'Pepe',
      address: '0x6982508145454ce325ddbe47a25d4ec3d2311933',
    },
    quote: ETHEREUM_TOKENS.weth,
    token: 'base',
    anchor: 0.0000105 / 3_100,
    dailyVol: 0.07,
    dailyVolumeUsd: 12_000_000,
    reserveUsd: 31_000_000,
    createdAt: '2023-04-18T10:02:00Z',
  },
];

/** Monitored at first start, so the live feed moves out of the box (tx service chain types). */
export const INITIAL_WALLETS: readonly { chain_type: string; address: string[] }[] = [
  { chain_type: 'ethereum', address: ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'] },
  { chain_type: 'solana', address: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'] },
  { chain_type: 'tron', address: ['TNXoiAJ3dct8Fjg4M9fkLFh9S2v9TXc32G'] },
  { chain_type: 'bitcoin', address: ['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'] },
];

export function chainById(id: number): SimChain | undefined {
  return CHAINS.find((c) => c.id === id);
}

/**
 * Pools quoted in a USD stablecoin share the price path of their base asset, so a token's quote and
 * its pool's candles agree; other pools (PEPE/WETH) have a path of their own.
 */
export function poolPathKey(pool: SimPool): string {
  const stable = pool.quote.asset === 'usdc' || pool.quote.asset === 'usdt';
  return stable
    ? assetPathKey(pool.base.asset)
    : `pool:${pool.chain}:${pool.address.toLowerCase()}`;
}

/** The price path an asset reads: its own, or its underlying's for a wrapped asset. */
export function assetPathKey(asset: string): string {
  const a = ASSETS.find((x) => x.asset === asset);
  return `asset:${a?.follows ?? asset}`;
}
