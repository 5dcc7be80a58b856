// Raw upstream shapes, written from docs/contracts.md, "Kline service".
// The market objects are "not shown" in the seed; their shapes follow docs/simulator/README.md, "What the seeds leave open" and
// docs/simulator/kline.md (the pool object is the price service's, plus optional extras).
import { z } from 'zod';
import { FailureCode, NumericString, PoolObject } from '../price/schema';
import { KLINE_INTERVALS } from './endpoints';

const KlineInterval = z.enum(KLINE_INTERVALS);
type KlineInterval = z.infer<typeof KlineInterval>;

const TokenSide = z.enum(['base', 'quote']);
type TokenSide = z.infer<typeof TokenSide>;

// ---- envelopes ----

export const KlineFailure = z.object({
  code: FailureCode,
  message: z.string(),
  error: z.object({
    type: z.string(),
    details: z
      .object({
        formErrors: z.array(z.string()),
        fieldErrors: z.record(z.string(), z.array(z.string())),
      })
      .optional(),
  }),
});
export type KlineFailure = z.infer<typeof KlineFailure>;

function klineSuccess<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.literal('ok'), data });
}

// ---- candles ----

const price = z.number().nullable();

/** A candle's own fields, the same over REST and the WebSocket: open_time in Unix seconds; every figure may be null. */
const candle = {
  interval: KlineInterval,
  open_time: z.number().int(),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: price,
};

/** `kline/ohlcv` `data[]`. */
export const OhlcvCandle = z.object({ pool_id: z.number().int(), ...candle });
export type OhlcvCandle = z.infer<typeof OhlcvCandle>;

/** The WebSocket candle: pool identity instead of pool_id. */
export const WsCandle = z.object({
  chain_type: z.string().nullable(),
  chain_id: z.number().nullable(),
  pool_address: z.string(),
  token: TokenSide,
  ...candle,
});
export type WsCandle = z.infer<typeof WsCandle>;

// ---- market objects ----

const WINDOW_KEYS = ['m5', 'm15', 'm30', 'h1', 'h6', 'h24'] as const;
const perWindow = <T extends z.ZodType>(value: T) =>
  z.object(
    Object.fromEntries(WINDOW_KEYS.map((k) => [k, value])) as Record<
      (typeof WINDOW_KEYS)[number],
      T
    >,
  );

const CompositionSide = z.object({
  address: z.string(),
  symbol: z.string(),
  amount: NumericString,
  value_usd: NumericString,
  percentage: NumericString,
});

const IncludedToken = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  image_url: z.string(),
  decimals: z.number().int().nullable(),
  price_usd: NumericString,
});

/** `market/pools/{network}/{address}`: the price service's pool object plus what was asked for. */
const MarketPool = PoolObject.extend({
  volume_breakdown: perWindow(
    z.object({ buy_usd: NumericString, sell_usd: NumericString }),
  ).optional(),
  composition: z.object({ base_token: CompositionSide, quote_token: CompositionSide }).optional(),
  included: z
    .object({
      base_token: IncludedToken.optional(),
      quote_token: IncludedToken.optional(),
      dex: z.object({ id: z.string(), name: z.string() }).optional(),
    })
    .optional(),
});
type MarketPool = z.infer<typeof MarketPool>;

const TopHolder = z.object({
  rank: z.number().int().positive(),
  address: z.string(),
  label: z.string().nullable(),
  amount: NumericString,
  percentage: NumericString,
  value_usd: NumericString,
  pnl_details: z
    .object({
      average_buy_price_usd: NumericString,
      realized_pnl_usd: NumericString,
      unrealized_pnl_usd: NumericString,
    })
    .optional(),
});
type TopHolder = z.infer<typeof TopHolder>;

const CoinMetadata = z.object({
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  image_url: z.string(),
  description: z.string(),
  websites: z.array(z.string()),
});
type CoinMetadata = z.infer<typeof CoinMetadata>;

// ---- data of each endpoint ----

/** GET kline/ohlcv: a plain array, ascending open_time */
const OhlcvData = z.array(OhlcvCandle);
type OhlcvData = z.infer<typeof OhlcvData>;
/** GET market/pools/{network}/{address} */
const MarketPoolData = MarketPool;
type MarketPoolData = z.infer<typeof MarketPoolData>;
/** GET market/tokens/{network}/{address}/top-holders */
export const TopHoldersData = z.object({ items: z.array(TopHolder) });
export type TopHoldersData = z.infer<typeof TopHoldersData>;
/** GET market/coins/{network}/{address} */
export const CoinData = CoinMetadata;
export type CoinData = z.infer<typeof CoinData>;

export const OhlcvResponse = klineSuccess(OhlcvData);
export const MarketPoolResponse = klineSuccess(MarketPoolData);
export const TopHoldersResponse = klineSuccess(TopHoldersData);
export const CoinResponse = klineSuccess(CoinData);

// ---- WebSocket (`/kline/ws` and `/ws/{topic}`) ----

const serverFrame = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.string(),
    time: z.number().int(),
    type: z.literal(type),
    code: z.number().int(),
    data,
    msg: z.string(),
  });

export const WsPong = serverFrame('pong', z.object({}));
export const WsSubscribed = serverFrame(
  'subscribed',
  z.object({ key: z.string(), token: TokenSide, intervals: z.array(KlineInterval) }),
);
export const WsUnsubscribed = serverFrame(
  'unsubscribed',
  z.object({ key: z.string(), removed_keys: z.array(z.string()) }),
);
/** `msg` is `snapshot` right after a subscribe, `ok` for live pushes */
export const WsOhlcv = serverFrame('ohlcv', WsCandle);
export const WsError = serverFrame('error', z.null());

export const WsServerMessage = z.discriminatedUnion('type', [
  WsPong,
  WsSubscribed,
  WsUnsubscribed,
  WsOhlcv,
  WsError,
]);
export type WsServerMessage = z.infer<typeof WsServerMessage>;
