import { describe, expect, it } from 'vitest';
import { ChartSync, type SyncMember } from '@/lib/chart/draw/sync';
import type { TimeRange } from '@/lib/chart/rules/time-axis';

/** A chart that records what it was told and, like a real one, reports its own range changes. */
class FakeChart implements SyncMember {
  crosshair: (number | null)[] = [];
  ranges: TimeRange[] = [];
  range: TimeRange | null;
  constructor(
    private readonly sync: ChartSync,
    readonly id: string,
    range: TimeRange | null = { from: 0, to: 100 },
  ) {
    this.range = range;
  }
  setCrosshairTime(time: number | null): void {
    this.crosshair.push(time);
  }
  setVisibleTimeRange(range: TimeRange): void {
    // Snapped to its own bars, so never quite what it was asked: an echo must not travel on.
    this.range = { from: range.from - 1, to: range.to + 1 };
    this.ranges.push(range);
    this.sync.rangeChanged(this.id, this.range);
  }
  visibleTimeRange(): TimeRange | null {
    return this.range;
  }
}

function desk(options = { crosshair: true, time: true }) {
  const sync = new ChartSync();
  const charts = ['a', 'b', 'c'].map((id) => new FakeChart(sync, id));
  const leave = charts.map((c) => sync.join(c.id, c));
  sync.setOptions(options);
  // Switching time on aligned them once (tested below): each test starts from a clean record.
  for (const c of charts) c.ranges = [];
  return { sync, charts, leave };
}

describe('charts in step', () => {
  it('draws the crosshair of one chart on the others, and clears it when it leaves', () => {
    const { sync, charts } = desk();
    const [a, b, c] = charts as [FakeChart, FakeChart, FakeChart];
    sync.crosshairMoved('a', 1234);
    expect(a.crosshair).toEqual([]);
    expect(b.crosshair).toEqual([1234]);
    expect(c.crosshair).toEqual([1234]);
    // A leave from a chart that does not lead the crosshair changes nothing.
    sync.crosshairMoved('b', null);
    expect(c.crosshair).toEqual([1234]);
    sync.crosshairMoved('a', null);
    expect(b.crosshair).toEqual([1234, null]);
    expect(c.crosshair).toEqual([1234, null]);
  });

  it('follows only the chart in use, so moving the others never echoes back', () => {
    const { sync, charts } = desk();
    const [a, b, c] = charts as [FakeChart, FakeChart, FakeChart];
    sync.lead('a');
    sync.rangeChanged('a', { from: 10, to: 50 });
    expect(b.ranges).toEqual([{ from: 10, to: 50 }]);
    expect(c.ranges).toEqual([{ from: 10, to: 50 }]);
    expect(a.ranges).toEqual([]);
    // A chart that is not the leader changes on its own (new bars): nobody follows it.
    sync.rangeChanged('b', { from: 0, to: 5 });
    expect(a.ranges).toHaveLength(0);
    expect(c.ranges).toHaveLength(1);
    // The user turns to c.
    sync.lead('c');
    sync.rangeChanged('c', { from: 20, to: 30 });
    expect(a.ranges).toEqual([{ from: 20, to: 30 }]);
    expect(b.ranges).toHaveLength(2);
  });

  it('does nothing while switched off, and clears the crosshair when switched off', () => {
    const { sync, charts } = desk({ crosshair: false, time: false });
    const [, b] = charts as [FakeChart, FakeChart, FakeChart];
    sync.lead('a');
    sync.crosshairMoved('a', 5);
    sync.rangeChanged('a', { from: 1, to: 2 });
    expect(b.crosshair).toEqual([]);
    expect(b.ranges).toEqual([]);

    sync.setOptions({ crosshair: true, time: false });
    sync.crosshairMoved('a', 7);
    expect(b.crosshair).toEqual([7]);
    sync.setOptions({ crosshair: false, time: false });
    expect(b.crosshair).toEqual([7, null]);
  });

  it('aligns the others on the leader when time sync is switched on, and a new chart on ready', () => {
    const { sync, charts } = desk({ crosshair: true, time: false });
    const [a, b, c] = charts as [FakeChart, FakeChart, FakeChart];
    a.range = { from: 40, to: 60 };
    sync.lead('a');
    sync.setOptions({ crosshair: true, time: true });
    expect(b.ranges).toEqual([{ from: 40, to: 60 }]);
    expect(c.ranges).toEqual([{ from: 40, to: 60 }]);
    // c loads another interval, then takes the leader's view again.
    sync.ready('c');
    expect(c.ranges).toHaveLength(2);
    // The leader's own readiness moves nobody.
    sync.ready('a');
    expect(b.ranges).toHaveLength(1);
  });

  it('opens in step: before any chart is used, the first one leads', () => {
    const { sync, charts } = desk({ crosshair: true, time: true });
    const [a, b, c] = charts as [FakeChart, FakeChart, FakeChart];
    a.range = { from: 70, to: 90 };
    // b is ready before a: a has a view, b takes it.
    sync.ready('b');
    expect(b.ranges).toEqual([{ from: 70, to: 90 }]);
    // a ready: the others take its view.
    sync.ready('a');
    expect(c.ranges).toEqual([{ from: 70, to: 90 }]);
    expect(b.ranges).toHaveLength(2);
    expect(a.ranges).toEqual([]);
    // Time not in step: nobody moves.
    sync.setOptions({ crosshair: true, time: false });
    sync.ready('a');
    sync.ready('c');
    expect(c.ranges).toHaveLength(1);
  });

  it('forgets a chart that leaves', () => {
    const { sync, charts, leave } = desk();
    const [, b, c] = charts as [FakeChart, FakeChart, FakeChart];
    sync.crosshairMoved('b', 9);
    leave[1]?.();
    // Its crosshair goes with it.
    expect(c.crosshair).toEqual([9, null]);
    sync.crosshairMoved('a', 11);
    expect(b.crosshair).toEqual([]);
    expect(c.crosshair).toEqual([9, null, 11]);
  });
});
