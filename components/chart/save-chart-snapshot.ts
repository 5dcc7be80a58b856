/**
 * The chart panel's snapshot button: the chart as a PNG under a strip naming the pair, interval and
 * time, the compared pools with their change, and the legend as shown. Its drawing code
 * (lib/chart/draw/snapshot.ts) loads on the first snapshot, not with the page.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { KlineInterval } from '@/lib/chart/rules/intervals';
import type { TimeZoneMode } from '@/lib/chart/rules/time-format';
import { formatChangePercent } from '@/lib/chart/rules/price-format';
import { poolQuery } from '@/lib/features/pools/queries';
import type { PoolObject } from '@/lib/contracts/price/schema';
import type { ChartController } from '@/lib/chart/draw/controller';
import type { CompareRow } from '@/lib/chart/draw/compare-series';
import type { LegendFigures } from './chart-legend';
import { nameOf, shortKey } from './pool-name';

export async function saveChartSnapshot(at: {
  controller: ChartController;
  root: HTMLElement;
  container: HTMLElement;
  queryClient: QueryClient;
  /** the pair's name in the strip */
  pair: string;
  interval: KlineInterval;
  tz: TimeZoneMode;
  backgroundVar: string;
  compared: readonly CompareRow[];
  /** the legend as the chart shows it */
  legend: LegendFigures;
}): Promise<void> {
  const { legend } = at;
  const css = getComputedStyle(at.root);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const info = { pair: at.pair, interval: at.interval, at: Date.now(), tz: at.tz };
  const notes = at.compared.map((r) => {
    const p = at.queryClient.getQueryData<PoolObject>(poolQuery(r.pool).queryKey);
    const name = p ? nameOf(p) : shortKey(r.pool);
    const pct = r.change?.percent;
    return {
      text: `${name} ${pct === null || pct === undefined ? '—' : formatChangePercent(pct).text}`,
      color: r.color,
    };
  });
  const { composeSnapshot, downloadPng, snapshotFileName, snapshotLegend, snapshotTitle } =
    await import('@/lib/chart/draw/snapshot');
  const canvas = composeSnapshot(
    at.controller.screenshot(),
    at.container.clientWidth,
    snapshotTitle(info),
    {
      background: v(at.backgroundVar, '#10141c'),
      text: v('--text', '#e6e9ef'),
      muted: v('--muted', '#8b93a6'),
      border: v('--border', '#222936'),
      font: css.fontFamily || 'sans-serif',
    },
    notes,
    snapshotLegend(legend.bar, legend.previousClose, legend.decimals, legend.studies),
  );
  await downloadPng(canvas, snapshotFileName(info));
}
