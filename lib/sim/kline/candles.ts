/**
 * Candles of the kline service, read from the shared price paths. History and live pushes go through
 * the same `paths.candle(spec, interval, openTime, now)`, which is what makes a push and a later
 * history query agree on every closed candle and on open_time/open of the current one.
 */
import type { KlineInterval } from '../../contracts/kline/endpoints';
import { alignDown, candleRange, type Bar, type Market } from '../market';
import type { KlinePool, Side } from './pools';

/** A candle's own fields, the same over REST and the WebSocket. */
interface Candle {
  interval: KlineInterval;
  open_time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface HttpCandle extends Candle {
  pool_id: number;
}

export interface WsCandle extends Candle {
  chain_type: string;
  chain_id: number;
  pool_address: string;
  token: Side;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export class KlineCandles {
  constructor(private readonly market: Market) {}

  /** A pool no longer collected serves history up to its last persisted tick. */
  private clock(pool: KlinePool, nowSec: number): number {
    return pool.historyEnd === null ? nowSec : Math.min(nowSec, pool.historyEnd);
  }

  /**
   * `kline/ohlcv`: the latest `limit` candles whose open_time lies in [from, to] and is not in the
   * future, ascending; the candle in progress is included as it stands at `nowSec`.
   */
  history(
    pool: KlinePool,
    interval: KlineInterval,
    from: number,
    to: number,
    limit: number,
    nowSec: number,
  ): HttpCandle[] {
    const spec = this.market.poolSpec(pool.pool);
    const bars = candleRange(
      this.market.paths,
      spec,
      interval,
      from,
      to,
      limit,
      this.clock(pool, nowSec),
    );
    return bars.map((bar) => this.toHttp(pool, interval, bar));
  }

  /** The candle of `interval` opening at `openTime` as it stands at `nowSec` (null before history). */
  bar(pool: KlinePool, interval: KlineInterval, openTime: number, nowSec: number): Bar | null {
    return this.market.paths.candle(
      this.market.poolSpec(pool.pool),
      interval,
      openTime,
      this.clock(pool, nowSec),
    );
  }

  currentOpen(pool: KlinePool, interval: KlineInterval, nowSec: number): number {
    return alignDown(interval, this.clock(pool, nowSec));
  }

  current(pool: KlinePool, interval: KlineInterval, nowSec: number): Bar | null {
    return this.bar(pool, interval, this.currentOpen(pool, interval, nowSec), nowSec);
  }

  toHttp(pool: KlinePool, interval: KlineInterval, bar: Bar): HttpCandle {
    return { pool_id: pool.id, interval, open_time: bar.t, ...this.figures(pool, bar) };
  }

  toWs(pool: KlinePool, side: Side, interval: KlineInterval, bar: Bar): WsCandle {
    return {
      chain_type: pool.chain.chain_type,
      chain_id: pool.chain.chain_id,
      // as the catalogue spells it (Base58 keeps its case); only the subscription key is lowercased
      pool_address: pool.pool.address,
      token: side,
      interval,
      open_time: bar.t,
      ...this.figures(pool, bar),
    };
  }

  private figures(pool: KlinePool, bar: Bar) {
    // Path volume is in cents of the path's own market; the factor scales it to this pool's USD value.
    const volume = round2(bar.v * this.market.poolVolumeFactor(pool.pool));
    return { open: bar.o, high: bar.h, low: bar.l, close: bar.c, volume };
  }
}
