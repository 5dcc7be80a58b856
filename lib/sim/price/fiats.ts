/**
 * Fiat currencies and their exchange rates. Rates are USD-based paths of the shared market model, so
 * they drift slowly and deterministically with time; a cross rate is the ratio of two USD rates.
 */
import type { Market } from '../market';
import type { FiatItem, FiatRateItem } from '../../contracts/price/schema';

export interface Fiat {
  id: number;
  code: string;
  name: string;
  /** '' stands for "not configured" (the seed's empty string) */
  symbol: string;
  icon?: string;
  /** undefined: not configured, served as 2 */
  precision?: number;
  /** units of this fiat per USD; null: the service has no rate data for it */
  perUsd: number | null;
  /** daily volatility of its USD rate (pegged currencies barely move) */
  vol: number;
}

const flag = (country: string) => `https://flagcdn.com/w80/${country}.png`;

const FIATS: readonly Fiat[] = [
  {
    id: 1,
    code: 'USD',
    name: 'US Dollar',
    symbol: '$',
    icon: flag('us'),
    precision: 2,
    perUsd: 1,
    vol: 0,
  },
  {
    id: 2,
    code: 'EUR',
    name: 'Euro',
    symbol: '€',
    icon: flag('eu'),
    precision: 2,
    perUsd: 0.92,
    vol: 0.004,
  },
  {
    id: 3,
    code: 'GBP',
    name: 'British Pound',
    symbol: '£',
    icon: flag('gb'),
    precision: 2,
    perUsd: 0.79,
    vol: 0.004,
  },
  {
    id: 4,
    code: 'JPY',
    name: 'Japanese Yen',
    symbol: '¥',
    icon: flag('jp'),
    precision: 0,
    perUsd: 151.2,
    vol: 0.005,
  },
  {
    id: 5,
    code: 'CNY',
    name: 'Chinese Yuan',
    symbol: '¥',
    icon: flag('cn'),
    precision: 2,
    perUsd: 7.24,
    vol: 0.002,
  },
  {
    id: 6,
    code: 'KRW',
    name: 'South Korean Won',
    symbol: '₩',
    icon: flag('kr'),
    precision: 0,
    perUsd: 1_372,
    vol: 0.005,
  },
  {
    id: 7,
    code: 'CHF',
    name: 'Swiss Franc',
    symbol: 'CHF',
    icon: flag('ch'),
    precision: 2,
    perUsd: 0.9,
    vol: 0.004,
  },
  {
    id: 8,
    code: 'AUD',
    name: 'Australian Dollar',
    symbol: 'A$',
    icon: flag('au'),
    precision: 2,
    perUsd: 1.52,
    vol: 0.005,
  },
  {
    id: 9,
    code: 'CAD',
    name: 'Canadian Dollar',
    symbol: 'C$',
    icon: flag('ca'),
    precision: 2,
    perUsd: 1.36,
    vol: 0.003,
  },
  {
    id: 10,
    code: 'HKD',
    name: 'Hong Kong Dollar',
    symbol: 'HK$',
    icon: flag('hk'),
    precision: 2,
    perUsd: 7.82,
    vol: 0.0003,
  },
  {
    id: 11,
    code: 'SGD',
    name: 'Singapore Dollar',
    symbol: 'S$',
    icon: flag('sg'),
    precision: 2,
    perUsd: 1.35,
    vol: 0.003,
  },
  {
    id: 12,
    code: 'INR',
    name: 'Indian Rupee',
    symbol: '₹',
    icon: flag('in'),
    precision: 2,
    perUsd: 83.4,
    vol: 0.002,
  },
  {
    id: 13,
    code: 'BRL',
    name: 'Brazilian Real',
    symbol: 'R$',
    icon: flag('br'),
    precision: 2,
    perUsd: 5.05,
    vol: 0.008,
  },
  {
    id: 14,
    code: 'TRY',
    name: 'Turkish Lira',
    symbol: '₺',
    icon: flag('tr'),
    precision: 2,
    perUsd: 32.3,
    vol: 0.006,
  },
  {
    id: 15,
    code: 'VND',
    name: 'Vietnamese Dong',
    symbol: '₫',
    icon: flag('vn'),
    precision: 0,
    perUsd: 25_400,
    vol: 0.001,
  },
  // No symbol configured: served as ''.
  {
    id: 16,
    code: 'AED',
    name: 'UAE Dirham',
    symbol: '',
    precision: 2,
    perUsd: 3.6725,
    vol: 0.0002,
  },
  // No precision configured: served as 2.
  {
    id: 17,
    code: 'NGN',
    name: 'Nigerian Naira',
    symbol: '₦',
    icon: flag('ng'),
    perUsd: 1_480,
    vol: 0.01,
  },
  // Listed, but the service has no rate data for it.
  { id: 18, code: 'VES', name: 'Venezuelan Bolívar', symbol: 'Bs.', perUsd: null, vol: 0 },
];

export function fiatItems(): FiatItem[] {
  return FIATS.map((f) => ({
    id: f.id,
    code: f.code,
    name: f.name,
    symbol: f.symbol,
    ...(f.icon ? { icon_url: f.icon } : {}),
    precision: f.precision ?? 2,
  }));
}

export function findFiat(code: string): Fiat | undefined {
  const upper = code.trim().toUpperCase();
  return FIATS.find((f) => f.code === upper);
}

export class FiatRates {
  constructor(private readonly market: Market) {}

  /** Units of `fiat` per USD at `t` (Unix seconds), or null without rate data. */
  perUsd(fiat: Fiat, t: number): number | null {
    if (fiat.perUsd === null) return null;
    if (fiat.vol === 0) return fiat.perUsd;
    const perUsd = fiat.perUsd;
    const spec = this.market.spec(`fiat:${fiat.code}`, () => ({
      anchor: perUsd,
      dailyVol: fiat.vol,
      dailyVolume: 1,
    }));
    return this.market.paths.priceAt(spec, t, '1m');
  }

  /**
   * Rates from `base` to every other fiat that has rate data, by fiat id. The base itself is left
   * out; an unknown base or one without rate data gives an empty list.
   */
  ratesFrom(baseCode: string, t: number): FiatRateItem[] {
    const base = findFiat(baseCode);
    if (!base) return [];
    const baseRate = this.perUsd(base, t);
    if (baseRate === null) return [];
    const items: FiatRateItem[] = [];
    for (const target of FIATS) {
      if (target.id === base.id) continue;
      const targetRate = this.perUsd(target, t);
      if (targetRate === null) continue;
      items.push({
        target_fiat_id: target.id,
        target_fiat_code: target.code,
        rate: (targetRate / baseRate).toFixed(8),
      });
    }
    return items;
  }
}
