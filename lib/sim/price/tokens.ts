/**
 * The token catalogue of the price service: the notable tokens of the catalogue first (ids 1..N, real
 * addresses and decimals), then generated filler tokens, so that paging past the 1,000 limit matters
 * (docs/simulator/README.md, "What the seeds leave open" asks for at least 1,500 active tokens plus some inactive ones).
 */
import { encode } from '../../core/address';
import { ASSETS, NOTABLE_TOKENS, chainById, type SimChain } from '../catalogue';
import { bytes, pick, prng } from '../core/rng';

export interface TokenRecord {
  id: number;
  name: string;
  symbol: string;
  decimals: number;
  logo?: string;
  chain: SimChain;
  /** null for a native token */
  address: string | null;
  active: boolean;
  /** one market per asset: every chain's record of an asset quotes the same */
  market: TokenMarket;
}

export interface TokenMarket {
  /** the Market path key: `asset:eth` for notable assets, `token:<first id>` for filler */
  pathKey: string;
  notableAsset: string | null;
  anchor: number;
  dailyVol: number;
  circulating: number;
  total: number;
  max: number | null;
  /** typical daily traded value in USD */
  dailyVolume: number;
  coingecko: string;
  cmc: string;
}

export interface TokenCatalogue {
  all: readonly TokenRecord[];
  active: readonly TokenRecord[];
  byId: ReadonlyMap<number, TokenRecord>;
}

const FILLER_ASSETS = 1_540;
/** Every INACTIVE_EVERY-th filler record is inactive. */
const INACTIVE_EVERY = 37;

const NAME_HEADS = [
  'Aether',
  'Nova',
  'Quantum',
  'Lumen',
  'Orbit',
  'Zenith',
  'Hyper',
  'Vertex',
  'Pixel',
  'Nimbus',
  'Solace',
  'Kairo',
  'Astra',
  'Cobalt',
  'Ember',
  'Flux',
  'Gala',
  'Helix',
  'Ion',
  'Jade',
  'Kite',
  'Lyra',
  'Mosaic',
  'Nexa',
  'Onyx',
  'Prism',
  'Quartz',
  'Rune',
  'Sable',
  'Terra',
  'Umbra',
  'Vega',
  'Wisp',
  'Xeno',
  'Yield',
  'Zephyr',
  'Aurora',
  'Blaze',
  'Cipher',
  'Drift',
  'Echo',
  'Fable',
  'Glyph',
  'Harbor',
  'Indigo',
  'Jolt',
  'Karma',
  'Lotus',
  'Mirage',
  'Nectar',
  'Oasis',
  'Pulse',
  'Quill',
  'Ripple',
  'Stellar',
  'Tidal',
  'Unity',
  'Velvet',
  'Warp',
  'Axiom',
  'Beacon',
  'Comet',
  'Delta',
  'Eon',
  'Forge',
  'Granite',
  'Halo',
  'Iris',
  'Juno',
  'Krypto',
  'Lunar',
  'Magma',
  'Neon',
  'Opal',
  'Pylon',
  'Radiant',
  'Shard',
  'Titan',
  'Ultra',
  'Vortex',
  'Willow',
  'Apex',
  'Bolt',
  'Crest',
  'Dune',
  'Ether',
  'Frost',
];
const NAME_TAILS = [
  'Protocol',
  'Finance',
  'Network',
  'Swap',
  'DAO',
  'Labs',
  'Chain',
  'AI',
  'Coin',
  'Token',
  'Exchange',
  'Fi',
  'Verse',
  'Games',
  'Pay',
  'Bridge',
  'Markets',
  'Lend',
  'Yield',
  'Money',
  'Play',
  'World',
  'Link',
  'Data',
  'Cloud',
  'Vault',
];

/** Filler assets live mostly on Ethereum; some on BSC, Base, Arbitrum, Solana, Tron and Sui. */
const FILLER_CHAINS: readonly number[] = [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 8];

const cache = new Map<string, TokenCatalogue>();

export function tokenCatalogue(seed: string): TokenCatalogue {
  let catalogue = cache.get(seed);
  if (!catalogue) {
    catalogue = build(seed);
    cache.set(seed, catalogue);
  }
  return catalogue;
}

function build(seed: string): TokenCatalogue {
  const all: TokenRecord[] = [];
  const notableMarkets = new Map<string, TokenMarket>();
  for (const seedToken of NOTABLE_TOKENS) {
    const chain = chainById(seedToken.chain);
    const asset = ASSETS.find((a) => a.asset === seedToken.asset);
    if (!chain || !asset) throw new Error(`catalogue token ${seedToken.symbol} is incomplete`);
    let market = notableMarkets.get(asset.asset);
    if (!market) {
      market = {
        pathKey: `asset:${asset.asset}`,
        notableAsset: asset.asset,
        anchor: asset.anchor,
        dailyVol: asset.dailyVol,
        circulating: asset.circulating,
        total: asset.total,
        max: asset.max,
        // the same figure as Market.assetSpec, so the path is the one the other services read
        dailyVolume: asset.circulating * asset.anchor * 0.03,
        coingecko: asset.coingecko,
        cmc: asset.cmc,
      };
      notableMarkets.set(asset.asset, market);
    }
    all.push({
      id: all.length + 1,
      name: seedToken.name,
      symbol: seedToken.symbol,
      decimals: seedToken.decimals,
      logo: seedToken.logo,
      chain,
      address: seedToken.address,
      active: true,
      market,
    });
  }

  const rnd = prng(`${seed}|price|tokens`);
  const usedSymbols = new Set(all.map((t) => t.symbol));
  const usedNames = new Set(all.map((t) => t.name.toLowerCase()));
  let fillerRecords = 0;
  for (let i = 0; i < FILLER_ASSETS; i++) {
    const { name, symbol } = freshName(rnd, usedNames, usedSymbols);
    const rank = all.length;
    // Market cap falls with rank, with noise; supply follows from the price level.
    const anchor = Math.exp(Math.log(1e-6) + rnd() * (Math.log(500) - Math.log(1e-6)));
    const marketCap = 4e9 * Math.pow(25 / (rank + 25), 1.25) * Math.exp(0.5 * (rnd() - 0.5));
    const circulating = Math.max(1_000, Math.round(marketCap / anchor));
    const total = Math.round(circulating * (1 + rnd() * rnd() * 1.5));
    const max = rnd() < 0.4 ? null : Math.round(total * (1 + rnd() * 0.5));
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const firstId = all.length + 1;
    const market: TokenMarket = {
      pathKey: `token:${firstId}`,
      notableAsset: null,
      anchor,
      dailyVol: 0.04 + rnd() * 0.08,
      circulating,
      total,
      max,
      dailyVolume: marketCap * (0.02 + rnd() * 0.15),
      coingecko: slug,
      cmc: String(30_000 + i),
    };
    const logo =
      rnd() < 0.7
        ? `https://assets.coingecko.com/coins/images/${40_000 + i}/large/${slug}.png`
        : undefined;
    // A few filler assets are bridged to several chains: same name and symbol, one record per chain.
    const chains = new Set<number>([pick(FILLER_CHAINS, rnd())]);
    if (i % 97 === 5) {
      chains.add(1).add(2).add(4);
    } else if (i % 53 === 7) {
      chains.add(1).add(3);
    }
    for (const chainId of chains) {
      const chain = chainById(chainId);
      if (!chain) continue;
      fillerRecords += 1;
      const id = all.length + 1;
      all.push({
        id,
        name,
        symbol,
        decimals: fillerDecimals(chain, rnd()),
        logo,
        chain,
        address: fillerAddress(seed, chain, id, symbol),
        active: fillerRecords % INACTIVE_EVERY !== 0,
        market,
      });
    }
  }

  const active = all.filter((t) => t.active);
  return { all, active, byId: new Map(all.map((t) => [t.id, t])) };
}

function freshName(
  rnd: () => number,
  names: Set<string>,
  symbols: Set<string>,
): { name: string; symbol: string } {
  for (let attempt = 0; ; attempt++) {
    const head = pick(NAME_HEADS, rnd());
    const tail = pick(NAME_TAILS, rnd());
    const name =
      attempt > 20 ? `${head} ${tail} ${Math.floor(rnd() * 90 + 10)}` : `${head} ${tail}`;
    const letters = (head + tail).toUpperCase().replace(/[^A-Z]/g, '');
    const length = 3 + Math.floor(rnd() * 3);
    let symbol = letters[0] ?? 'X';
    for (let k = 1; k < length; k++)
      symbol += letters[1 + Math.floor(rnd() * (letters.length - 1))] ?? 'X';
    if (names.has(name.toLowerCase()) || symbols.has(symbol)) continue;
    names.add(name.toLowerCase());
    symbols.add(symbol);
    return { name, symbol };
  }
}

function fillerDecimals(chain: SimChain, r: number): number {
  switch (chain.chain_type) {
    case 'svm':
      return r < 0.6 ? 6 : 9;
    case 'tvm':
      return r < 0.7 ? 6 : 18;
    case 'move':
      return 9;
    default:
      return r < 0.8 ? 18 : r < 0.9 ? 6 : 8;
  }
}

function fillerAddress(seed: string, chain: SimChain, id: number, symbol: string): string {
  const key = `${seed}|price|token-address|${id}`;
  switch (chain.chain_type) {
    case 'svm':
      return encode.solana(bytes(key, 32));
    case 'tvm':
      return encode.tron(bytes(key, 20));
    case 'move':
      return `0x${encode.hash32(bytes(key, 32))}::${symbol.toLowerCase()}::${symbol}`;
    default:
      return encode.evm(bytes(key, 20));
  }
}

/** The chain's native token record (active), if it has one. */
export function nativeToken(catalogue: TokenCatalogue, chainId: number): TokenRecord | undefined {
  return catalogue.active.find((t) => t.chain.id === chainId && t.address === null);
}
