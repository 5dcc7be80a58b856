/**
 * What the server hands the widget's script, as JSON inside the page (`<script type=application/json>`):
 * the pool, the parameters, the few pool figures the header and trade list need, and the first
 * window of candles, so the first paint needs no second request.
 */
import type { PoolRef } from '../contracts/pool-ref';
import type { WidgetParams } from '../features/pools/params';
import type { PoolSummary } from '../features/pools/summary';
import type { PackedCandle } from '../chart/rules/candles';
import type { LiveQuote } from '../features/pools/pricing';

export interface WidgetBoot {
  pool: PoolRef;
  /** `chain_type:chain_id:address`, as `pulse:ready` names the pool */
  key: string;
  options: WidgetParams;
  summary: PoolSummary | null;
  /** the quote token's live USD quote (its id, to poll it); null: the hourly snapshot's is used */
  quote: LiveQuote | null;
  /** the pair (or the short address), for labels */
  title: string;
  /** end (Unix seconds) of the first window */
  initialTo: number;
  /** the first window at `options.interval`, validated and sorted; null when the server could not load it */
  candles: PackedCandle[] | null;
}

export const BOOT_ID = 'pulse-boot';
export const ROOT_ID = 'pulse-widget';
