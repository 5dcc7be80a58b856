/**
 * Charts that follow one another (the workspace): the crosshair of the chart under the pointer is
 * drawn on the others at the same time, and the time range one chart is scrolled or zoomed to is
 * shown by the others, each a switch. Charts of different pools and intervals share only time, so
 * everything here is in Unix seconds (lib/chart/rules/time-axis.ts does the conversions).
 *
 * No feedback loops: only the leader (the chart the user last pointed at, scrolled or touched) is
 * followed. Moving the others changes their ranges too, and those changes are not passed on.
 */
import type { TimeRange } from '../rules/time-axis';

export interface SyncMember {
  setCrosshairTime(time: number | null): void;
  setVisibleTimeRange(range: TimeRange): void;
  visibleTimeRange(): TimeRange | null;
}

export interface SyncOptions {
  crosshair: boolean;
  time: boolean;
}

export class ChartSync {
  private readonly members = new Map<string, SyncMember>();
  private options: SyncOptions = { crosshair: false, time: false };
  private leader: string | null = null;
  /** the member whose crosshair the others show */
  private crosshairFrom: string | null = null;
  /** set while the others are being moved: what they report meanwhile is their follower's echo */
  private applying = false;

  /** Adds a chart; returns its leave function. */
  join(id: string, member: SyncMember): () => void {
    this.members.set(id, member);
    return () => {
      if (this.members.get(id) !== member) return;
      this.members.delete(id);
      if (this.leader === id) this.leader = null;
      if (this.crosshairFrom === id) this.crosshairMoved(id, null);
    };
  }

  setOptions(next: SyncOptions): void {
    const was = this.options;
    this.options = { ...next };
    if (was.crosshair && !next.crosshair && this.crosshairFrom !== null) {
      const from = this.crosshairFrom;
      this.crosshairFrom = null;
      this.each(from, (m) => m.setCrosshairTime(null));
    }
    // Switched on: the others take the view of the chart last used (the first one otherwise).
    if (!was.time && next.time) {
      const id = this.leader ?? this.members.keys().next().value ?? null;
      const range = id === null ? null : (this.members.get(id)?.visibleTimeRange() ?? null);
      if (id !== null && range) this.moveOthers(id, range);
    }
  }

  /** The user points at, scrolls or touches this chart: it leads until another one is used. */
  lead(id: string): void {
    this.leader = id;
  }

  /** The user's crosshair on chart `id` is at `time` (null: it left the chart). */
  crosshairMoved(id: string, time: number | null): void {
    if (time === null) {
      if (this.crosshairFrom !== id) return;
      this.crosshairFrom = null;
      this.each(id, (m) => m.setCrosshairTime(null));
      return;
    }
    if (!this.options.crosshair) return;
    this.crosshairFrom = id;
    this.each(id, (m) => m.setCrosshairTime(time));
  }

  /** Chart `id` now shows `range`: passed on when it is the leader's own change. */
  rangeChanged(id: string, range: TimeRange | null): void {
    if (!this.options.time || this.applying || id !== this.leader || !range) return;
    this.moveOthers(id, range);
  }

  /**
   * Chart `id` drew its first bars (a new pool or interval): it takes the leader's view. Before the
   * user has used any chart, the first one leads: the desk opens in step.
   */
  ready(id: string): void {
    if (!this.options.time) return;
    const lead = this.leader ?? this.members.keys().next().value ?? null;
    if (lead === null) return;
    if (lead === id) {
      // A leader the user chose passed its new view on as it changed (rangeChanged).
      const range = this.leader === null ? this.members.get(id)?.visibleTimeRange() : null;
      if (range) this.moveOthers(id, range);
      return;
    }
    const range = this.members.get(lead)?.visibleTimeRange();
    const member = this.members.get(id);
    if (!range || !member) return;
    this.applying = true;
    try {
      member.setVisibleTimeRange(range);
    } finally {
      this.applying = false;
    }
  }

  private moveOthers(from: string, range: TimeRange): void {
    this.applying = true;
    try {
      this.each(from, (m) => m.setVisibleTimeRange(range));
    } finally {
      this.applying = false;
    }
  }

  private each(except: string, fn: (member: SyncMember) => void): void {
    for (const [id, member] of this.members) if (id !== except) fn(member);
  }
}
