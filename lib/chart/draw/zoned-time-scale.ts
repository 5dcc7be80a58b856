/**
 * The chart's horizontal scale with its tick marks weighed on the wall clock of the trader's zone
 * (lib/chart/rules/time-axis.ts): the library's own time scale in every other respect. The zone
 * can change while the chart lives (the toolbar's zone toggle); `reweigh` then makes the library
 * weigh every bar again.
 */
import {
  LineSeries,
  defaultHorzScaleBehavior,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type Mutable,
  type TimeScalePoint,
  type UTCTimestamp,
} from 'lightweight-charts';
import { ZoneClock, fillZonedWeights } from '../rules/time-axis';
import { INTERVAL_SECONDS, type KlineInterval } from '../rules/intervals';
import { formatBarTime, formatTickMark, type TimeZoneMode } from '../rules/time-format';

const TimeBehavior = defaultHorzScaleBehavior();

export class ZonedTimeScale extends TimeBehavior {
  private clock: ZoneClock;

  constructor(zone: TimeZoneMode) {
    super();
    this.clock = new ZoneClock(zone);
  }

  get zone(): TimeZoneMode {
    return this.clock.zone;
  }

  setZone(zone: TimeZoneMode): void {
    if (zone !== this.clock.zone) this.clock = new ZoneClock(zone);
  }

  override fillWeightsForPoints(
    points: readonly Mutable<TimeScalePoint>[],
    startIndex: number,
  ): void {
    // The weight is the library's nominal number type; the values are its own (TICK_WEIGHT).
    fillZonedWeights(
      points as unknown as readonly { timeWeight: number; originalTime: unknown }[],
      startIndex,
      this.clock,
      (p) =>
        typeof p.originalTime === 'number'
          ? p.originalTime
          : Number(this.key((p as unknown as TimeScalePoint).time)),
    );
  }
}

/**
 * Makes the library weigh every bar again (after a change of zone): it does so only for points from
 * the first one that changed, so a point is added before every other (at 1970's first second: before
 * any bar of any series, compared pools included) and taken away again, in one task (nothing is
 * painted between).
 */
export function reweigh(chart: IChartApi): void {
  const probe = chart.addSeries(LineSeries, {
    visible: false,
    lastValueVisible: false,
    priceLineVisible: false,
    crosshairMarkerVisible: false,
    priceScaleId: '',
  });
  probe.setData([{ time: 1 as UTCTimestamp }]);
  chart.removeSeries(probe);
}

/**
 * The time axis's labels for `interval` in `zone`: the crosshair's bar time and the tick marks
 * (each tick asked for is told to `onTick`, for tests).
 */
export function timeAxisOptions(
  interval: KlineInterval,
  zone: TimeZoneMode,
  onTick: (time: number, type: number) => void,
): DeepPartial<ChartOptions> {
  const seconds = INTERVAL_SECONDS[interval];
  return {
    localization: {
      timeFormatter: (time: unknown) =>
        typeof time === 'number' ? formatBarTime(time, interval, zone) : '',
    },
    timeScale: {
      timeVisible: seconds < 86_400,
      secondsVisible: seconds < 60,
      tickMarkFormatter: (time: unknown, type: number) => {
        if (typeof time !== 'number') return null;
        onTick(time, type);
        return formatTickMark(time, type, zone);
      },
    },
  };
}
