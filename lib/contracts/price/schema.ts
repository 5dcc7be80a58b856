// Raw upstream shapes, written from docs/contracts.md, "Price service".
import { z } from 'zod';

/** A decimal number carried as a string (`"3101.25"`, `"-0.42"`, `"19790000"`). */
export const NumericString = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a numeric string');
export type NumericString = z.infer<typeof NumericString>;

const ChainType = z.enum(['evm', 'svm', 'tvm', 'utxo', 'cosmos', 'move']);
type ChainType = z.infer<typeof ChainType>;

/** The code of a failure, price's and kline's alike. */
export const FailureCode = z
  .number()
  .int()
  .refine((c) => c !== 0, 'a failure carries a non-zero code');

/** Every failure: a non-zero code, the error text and `data: ""`. */
export const PriceFailure = z.object({
  code: FailureCode,
  msg: z.string(),
  data: z.literal(''),
});
export type PriceFailure = z.infer<typeof PriceFailure>;

/** The success envelope around an endpoint's `data`. */
function priceSuccess<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.literal('success'), data });
}

// ---- resources ----

export const ChainItem = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  chain_id: z.number().int().optional(),
  chain_type: ChainType.optional(),
  chain_icon_url: z.string().optional(),
  explorer_url: z.string().optional(),
});
export type ChainItem = z.infer<typeof ChainItem>;

/** `quotes/latest`: market figures are strings. */
export const QuoteLatestItem = z.object({
  token_id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  fiat_id: z.number().int(),
  fiat_code: z.string(),
  price: NumericString,
  market_cap: NumericString,
  volume_24h: NumericString,
  volume_change_24h: NumericString,
  percent_change_1h: NumericString,
  percent_change_24h: NumericString,
  percent_change_7d: NumericString,
  percent_change_30d: NumericString,
  fully_diluted_valuation: NumericString,
  circulating_supply: NumericString,
  total_supply: NumericString,
  max_supply: NumericString,
});
export type QuoteLatestItem = z.infer<typeof QuoteLatestItem>;

/** `quotes/batch`: market figures are JSON numbers. */
export const QuoteBatchItem = z.object({
  token_id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  chain_type: z.string(),
  chain_id: z.number().int(),
  address: z.string(),
  external_id: z.string(),
  price_usd: z.number(),
  market_cap_usd: z.number(),
  volume_24h_usd: z.number(),
  percent_change_1h: z.number(),
  percent_change_24h: z.number(),
  percent_change_7d: z.number(),
  percent_change_30d: z.number(),
  /** ISO 8601 */
  last_updated: z.iso.datetime({ offset: true }),
  market_cap: z.number(),
  fully_diluted_valuation: z.number(),
  total_volume: z.number(),
  circulating_supply: z.number(),
  total_supply: z.number(),
  max_supply: z.number().nullable(),
});
export type QuoteBatchItem = z.infer<typeof QuoteBatchItem>;

export const TokenItem = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  logo_url: z.string().optional(),
  /** the INTERNAL id of the token's chain (ChainItem.id), not the protocol chain id */
  chain_id: z.number().int(),
  chain_name: z.string(),
  /** omitted for native tokens */
  contract_address: z.string().optional(),
  is_native: z.boolean(),
});
export type TokenItem = z.infer<typeof TokenItem>;

const ExternalId = z.object({ source: z.string(), external_id: z.string() });
type ExternalId = z.infer<typeof ExternalId>;

export const TokenDetailItem = TokenItem.extend({
  max_supply: NumericString.optional(),
  circulating_supply: NumericString.optional(),
  total_supply: NumericString.optional(),
  external_ids: z.array(ExternalId),
});
export type TokenDetailItem = z.infer<typeof TokenDetailItem>;

export const FiatItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** `""` when not configured */
  symbol: z.string(),
  icon_url: z.string().optional(),
  /** 2 when not configured */
  precision: z.number().int(),
});
export type FiatItem = z.infer<typeof FiatItem>;

export const FiatRateItem = z.object({
  target_fiat_id: z.number().int(),
  target_fiat_code: z.string(),
  rate: z.string().regex(/^\d+\.\d{8}$/, 'a rate has exactly 8 decimal places'),
});
export type FiatRateItem = z.infer<typeof FiatRateItem>;

export type PoolWindow = 'm5' | 'm15' | 'm30' | 'h1' | 'h6' | 'h24';

const perWindow = <T extends z.ZodType>(value: T) =>
  z.object({ m5: value, m15: value, m30: value, h1: value, h6: value, h24: value });

const PoolToken = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  image_url: z.string(),
});
type PoolToken = z.infer<typeof PoolToken>;

export const PoolTransactions = z.object({
  buys: z.number().int(),
  sells: z.number().int(),
  buyers: z.number().int(),
  sellers: z.number().int(),
});
export type PoolTransactions = z.infer<typeof PoolTransactions>;

export const PoolObject = z.object({
  /** `{network}_{pool_address}` */
  id: z.string(),
  name: z.string(),
  address: z.string(),
  network: z.string(),
  dex: z.string(),
  /** ISO 8601 */
  pool_created_at: z.iso.datetime({ offset: true }),
  base_token: PoolToken,
  quote_token: PoolToken,
  base_token_price_usd: NumericString,
  quote_token_price_usd: NumericString,
  fdv_usd: NumericString.nullable(),
  market_cap_usd: NumericString.nullable(),
  price_change_percentage: perWindow(NumericString),
  volume_usd: perWindow(NumericString),
  reserve_in_usd: NumericString,
  transactions: perWindow(PoolTransactions),
});
export type PoolObject = z.infer<typeof PoolObject>;

// ---- data of each endpoint ----

const list = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), items: z.array(item) });

/** GET chains */
const ChainsData = list(ChainItem);
type ChainsData = z.infer<typeof ChainsData>;
/** GET chains/{id_or_name}: `total` 1, one item */
const ChainData = list(ChainItem);
type ChainData = z.infer<typeof ChainData>;
/** GET quotes/latest: `items` only */
const QuotesLatestData = z.object({ items: z.array(QuoteLatestItem) });
type QuotesLatestData = z.infer<typeof QuotesLatestData>;
/** POST quotes/batch: `items` only */
const QuotesBatchData = z.object({ items: z.array(QuoteBatchItem) });
type QuotesBatchData = z.infer<typeof QuotesBatchData>;
/** GET tokens: also `page` and `limit` */
export const TokensData = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  items: z.array(TokenItem),
});
export type TokensData = z.infer<typeof TokensData>;
/** POST tokens/details */
const TokenDetailsData = list(TokenDetailItem);
type TokenDetailsData = z.infer<typeof TokenDetailsData>;
/** GET tokens/platforms/{keyword} */
const TokenPlatformsData = list(TokenItem);
type TokenPlatformsData = z.infer<typeof TokenPlatformsData>;
/** GET fiats */
const FiatsData = list(FiatItem);
type FiatsData = z.infer<typeof FiatsData>;
/** GET fiats/rates/{base} */
const FiatRatesData = list(FiatRateItem);
type FiatRatesData = z.infer<typeof FiatRatesData>;
/** GET pools: null when the chain or the pool does not exist */
export const PoolData = PoolObject.nullable();
export type PoolData = z.infer<typeof PoolData>;

// ---- whole success responses ----

export const ChainsResponse = priceSuccess(ChainsData);
export const ChainResponse = priceSuccess(ChainData);
export const QuotesLatestResponse = priceSuccess(QuotesLatestData);
export const QuotesBatchResponse = priceSuccess(QuotesBatchData);
export const TokensResponse = priceSuccess(TokensData);
export const TokenDetailsResponse = priceSuccess(TokenDetailsData);
export const TokenPlatformsResponse = priceSuccess(TokenPlatformsData);
export const FiatsResponse = priceSuccess(FiatsData);
export const FiatRatesResponse = priceSuccess(FiatRatesData);
export const PoolResponse = priceSuccess(PoolData);
