/**
 * What the chart's owner gives ChartController (lib/chart/draw/controller.ts) and what it hears back:
 * the pool page (components/chart/candle-chart.tsx) and the widget (lib/embed/widget.ts).
 */
import type { Candle, RawCandle } from '../rules/candles';
import type { FeedSnapshot } from '../rules/feed';
import type { HistoryWindow, KlineInterval } from '../rules/intervals';
import type { TimeZoneMode } from '../rules/time-format';
import type { TimeRange } from '../rules/time-axis';
import type { StudySpec } from '../rules/studies';
import type { ScaleMode } from '../rules/scale';
import type { ChangeSince } from '../rules/compare';
import type { PoolRef } from '../../contracts/pool-ref';
import type { ChartStyle } from '../../features/pools/params';
import type { StudyLegendEntry } from './study-series';
import type { ChartCompare, CompareRow } from './compare-series';
import type { TradeMarkerHover } from './trade-markers';

type FetchHistory = (
  pool: PoolRef,
  interval: KlineInterval,
  window: HistoryWindow,
  signal: AbortSignal,
) => Promise<readonly RawCandle[]>;

export interface ChartHover {
  interval: KlineInterval;
  bar: Candle;
  previousClose: number | null;
}

export interface ChartControllerOptions {
  /** the element the library draws into (absolutely filling the figure) */
  container: HTMLElement;
  /** gets `data-extent` (where the bars lie across the pane), for tests */
  figure?: HTMLElement | null;
  style: ChartStyle;
  volume: boolean;
  tz: TimeZoneMode;
  /** indicators drawn on the chart (lib/chart/draw/study-series.ts) */
  studies?: readonly StudySpec[];
  /** the CSS variable the chart's background reads: --panel in the app, --bg in the widget */
  backgroundVar?: string;
  fetchHistory: FetchHistory;
  /**
   * The comparison's code (lib/chart/draw/compare-series.ts), loaded the first time a pool is
   * compared: most charts never are. Without it the chart compares nothing (the widget).
   */
  loadCompare?: () => Promise<typeof ChartCompare>;
  onSnapshot?: (snapshot: FeedSnapshot, interval: KlineInterval) => void;
  onHover?: (hover: ChartHover | null) => void;
  /** a live-update refusal from the stream (null once pushes arrive again) */
  onLiveError?: (message: string | null) => void;
  /** the price decimals changed (the legend follows the price scale) */
  onDecimals?: (decimals: number) => void;
  /** the indicators' values at the hovered bar (the last one otherwise) changed */
  onStudies?: (entries: StudyLegendEntry[]) => void;
  /**
   * The user moved the crosshair: the time under the pointer (Unix seconds, within its bar), null
   * when it left the chart. For charts that follow this one (lib/chart/draw/sync.ts).
   */
  onCrosshairTime?: (time: number | null) => void;
  /** The visible time range changed (scroll, zoom, new bars), for charts that follow this one. */
  onVisibleTimeRange?: (range: TimeRange | null) => void;
  /** the price scale (a comparison shows percent whatever this says) */
  scale?: ScaleMode;
  /**
   * The compared pools' rows and the main pool's change since the first visible bar (the hovered
   * bar's, or the last) changed; rows are empty when nothing is compared.
   */
  onCompare?: (rows: CompareRow[], main: ChangeSince | null) => void;
  /** the pointer went on (or off: null) one of your trades' markers (setTradeMarkers) */
  onTradeHover?: (hover: TradeMarkerHover | null) => void;
}
