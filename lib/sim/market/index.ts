/**
 * The market as the three services see it: one set of price paths read by quotes (price service),
 * pool figures and trades (price and tx services) and candles (kline service), so they agree.
 */
import {
  ASSETS,
  POOLS,
  assetPathKey,
  poolPathKey,
  type SimAsset,
  type SimPool,
} from '../catalogue';
import { PricePaths, type PathSpec } from './candles';

export * from './candles';

export class Market {
  readonly paths: PricePaths;
  private readonly specs = new Map<string, PathSpec>();

  constructor(readonly seed: string) {
    this.paths = new PricePaths(seed);
  }

  /** The USD price path of a notable asset (`eth`, `usdc`, ...). */
  assetSpec(asset: SimAsset): PathSpec {
    // A wrapped asset reads its underlying's path, so WETH and ETH quote the same price.
    const owner = (asset.follows && ASSETS.find((a) => a.asset === asset.follows)) || asset;
    const key = assetPathKey(asset.asset);
    return this.memo(key, () => ({
      key,
      anchor: owner.anchor,
      dailyVol: owner.dailyVol,
      dailyVolume: owner.circulating * owner.anchor * 0.03,
    }));
  }

  /** Any other path (generated tokens, say): the caller names it and gives its parameters. */
  spec(key: string, make: () => Omit<PathSpec, 'key'>): PathSpec {
    return this.memo(key, () => ({ key, ...make() }));
  }

  /** The pool's price path, base priced in quote. Volume is in USD-cents of the asset's market. */
  poolSpec(pool: SimPool): PathSpec {
    const key = poolPathKey(pool);
    const shared = ASSETS.find((a) => assetPathKey(a.asset) === key);
    if (shared) return this.assetSpec(shared);
    return this.memo(key, () => ({
      key,
      anchor: pool.anchor,
      dailyVol: pool.dailyVol,
      dailyVolume: pool.dailyVolumeUsd,
    }));
  }

  /**
   * Converts path volume (cents) to the pool's own traded value in USD: a pool that shares its base
   * asset's path sees a constant share of the asset's volume.
   */
  poolVolumeFactor(pool: SimPool): number {
    const spec = this.poolSpec(pool);
    return pool.dailyVolumeUsd / spec.dailyVolume / 100;
  }

  assetPrice(asset: string, t: number): number {
    const a = ASSETS.find((x) => x.asset === asset);
    return a ? this.paths.priceAt(this.assetSpec(a), t) : 0;
  }

  /** Last price of a pool (base in quote) and of its base token in USD. */
  poolPrice(pool: SimPool, t: number): { inQuote: number; baseUsd: number; quoteUsd: number } {
    const inQuote = this.paths.priceAt(this.poolSpec(pool), t);
    const quoteUsd = this.assetPrice(pool.quote.asset, t);
    return { inQuote, quoteUsd, baseUsd: inQuote * quoteUsd };
  }

  pools(): readonly SimPool[] {
    return POOLS;
  }

  private memo(key: string, make: () => PathSpec): PathSpec {
    let spec = this.specs.get(key);
    if (!spec) {
      spec = make();
      this.specs.set(key, spec);
    }
    return spec;
  }
}
