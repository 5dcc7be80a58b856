/**
 * What `/api/stream` sends: one named SSE event per kind, its data parsed on the server with the
 * seed schemas before it is relayed (lib/server/stream/), so the hub and the browser client share
 * these types and neither casts. Event ids, replay and `resync` are described in docs/live-stream.md.
 */
import type { WsCandle } from '../kline/schema';
import type { TransactionDetail, TransferRecord } from '../tx/schema';

/** A candle pushed by the kline socket (the seed's `ohlcv` frame data). */
export type LiveCandle = WsCandle;

/**
 * A transaction for the wallet feed: a tx socket push (with the addresses it matched and whether it
 * is a reorg re-send) or a webhook delivery (the transaction object alone).
 */
export type LiveTransaction = TransactionDetail & {
  listenAddress?: string[];
  is_reorg_resend?: boolean;
};

/** A pool trade (a record of the pool trades endpoint), tagged with its topic key. */
type LiveTrade = TransferRecord & { topic: string };

/** An upstream refusal for one topic (a pool the kline service does not know, a watch refused). */
export interface LiveError {
  topic: string;
  code: number;
  message: string;
}

/**
 * The state of an upstream link (`kline`, `tx`, `trades`), or `stream` `resync` when a reconnect
 * cannot be replayed and the browser must refill from history.
 */
interface LiveStatus {
  service: 'kline' | 'tx' | 'trades' | 'stream';
  state: string;
  detail: string | null;
}

export interface StreamEvents {
  ohlcv: LiveCandle;
  transaction: LiveTransaction;
  trade: LiveTrade;
  error: LiveError;
  status: LiveStatus;
}

export type StreamEventName = keyof StreamEvents;
