/**
 * Token quotes from the shared price paths. The price is the close of the current one-second candle,
 * so a 3-second poll sees it move; the change windows read 15-minute opens, which is much cheaper and
 * plenty for a percentage. One USD quote per market per second is computed and then reused for every
 * token record and fiat that asks for it in that second.
 */
import type { Market, PathSpec } from '../market';
import { ASSETS } from '../catalogue';
import type { QuoteBatchItem, QuoteLatestItem } from '../../contracts/price/schema';
import type { Fiat } from './fiats';
import { fixedString, isoSeconds, priceString, round, roundSig } from './format';
import type { TokenMarket, TokenRecord } from './tokens';

export interface UsdQuote {
  price: number;
  marketCap: number;
  fdv: number;
  volume24h: number;
  volumeChange24h: number;
  change1h: number;
  change24h: number;
  change7d: number;
  change30d: number;
}

const DAY = 86_400;

/** The token a quote item is of: both quote endpoints open every item with these. */
function identity(token: TokenRecord): { token_id: number; name: string; symbol: string } {
  return { token_id: token.id, name: token.name, symbol: token.symbol };
}

export class QuoteBook {
  private readonly memo = new Map<string, { t: number; quote: UsdQuote }>();

  constructor(private readonly market: Market) {}

  usd(token: TokenRecord, t: number): UsdQuote {
    const key = token.market.pathKey;
    const hit = this.memo.get(key);
    if (hit && hit.t === t) return hit.quote;
    const quote = this.compute(token.market, t);
    this.memo.set(key, { t, quote });
    return quote;
  }

  latestItem(token: TokenRecord, fiat: Fiat, perUsd: number, t: number): QuoteLatestItem {
    const q = this.usd(token, t);
    const m = token.market;
    return {
      ...identity(token),
      fiat_id: fiat.id,
      fiat_code: fiat.code,
      price: priceString(q.price * perUsd),
      market_cap: fixedString(q.marketCap * perUsd, 2),
      volume_24h: fixedString(q.volume24h * perUsd, 2),
      volume_change_24h: fixedString(q.volumeChange24h, 4),
      percent_change_1h: fixedString(q.change1h, 4),
      percent_change_24h: fixedString(q.change24h, 4),
      percent_change_7d: fixedString(q.change7d, 4),
      percent_change_30d: fixedString(q.change30d, 4),
      fully_diluted_valuation: fixedString(q.fdv * perUsd, 2),
      circulating_supply: fixedString(m.circulating, 0),
      total_supply: fixedString(m.total, 0),
      // The seed types it as a string with no null: an unlimited supply is served as "0".
      max_supply: fixedString(m.max ?? 0, 0),
    };
  }

  batchItem(token: TokenRecord, perUsd: number, t: number): QuoteBatchItem {
    const q = this.usd(token, t);
    const m = token.market;
    return {
      ...identity(token),
      chain_type: token.chain.chain_type,
      chain_id: token.chain.chain_id,
      address: token.address ?? '',
      external_id: m.coingecko,
      price_usd: roundSig(q.price),
      market_cap_usd: round(q.marketCap, 2),
      volume_24h_usd: round(q.volume24h, 2),
      percent_change_1h: round(q.change1h, 4),
      percent_change_24h: round(q.change24h, 4),
      percent_change_7d: round(q.change7d, 4),
      percent_change_30d: round(q.change30d, 4),
      last_updated: isoSeconds(t),
      market_cap: round(q.marketCap * perUsd, 2),
      fully_diluted_valuation: round(q.fdv * perUsd, 2),
      total_volume: round(q.volume24h * perUsd, 2),
      circulating_supply: m.circulating,
      total_supply: m.total,
      max_supply: m.max,
    };
  }

  private spec(m: TokenMarket): PathSpec {
    const asset =
      m.notableAsset === null ? undefined : ASSETS.find((a) => a.asset === m.notableAsset);
    if (asset) return this.market.assetSpec(asset);
    return this.market.spec(m.pathKey, () => ({
      anchor: m.anchor,
      dailyVol: m.dailyVol,
      dailyVolume: m.dailyVolume,
    }));
  }

  private compute(m: TokenMarket, t: number): UsdQuote {
    const spec = this.spec(m);
    const paths = this.market.paths;
    const price = paths.priceAt(spec, t);
    const change = (seconds: number) => {
      const past = paths.priceAt(spec, t - seconds, '15m');
      return past > 0 ? (price / past - 1) * 100 : 0;
    };
    const volume24h = this.rollingVolume(spec, t);
    const volumeBefore = this.rollingVolume(spec, t - DAY);
    return {
      price,
      marketCap: price * m.circulating,
      fdv: price * (m.max ?? m.total),
      volume24h,
      volumeChange24h: volumeBefore > 0 ? (volume24h / volumeBefore - 1) * 100 : 0,
      change1h: change(3_600),
      change24h: change(DAY),
      change7d: change(7 * DAY),
      change30d: change(30 * DAY),
    };
  }

  /**
   * Traded value over the 24 h before `t`, blended from two daily candles (yesterday's remainder and
   * today's share): two cached lookups instead of a hundred candles, which keeps 1,000 ids fast.
   */
  private rollingVolume(spec: PathSpec, t: number): number {
    const paths = this.market.paths;
    const dayStart = t - (((t % DAY) + DAY) % DAY);
    const elapsed = (t - dayStart) / DAY;
    const today = paths.treeBar(spec, '1d', dayStart);
    const yesterday = paths.treeBar(spec, '1d', dayStart - DAY);
    const cents = (yesterday?.v ?? 0) * (1 - elapsed) + (today?.v ?? 0) * elapsed;
    return cents / 100;
  }
}
