/**
 * The chart as a PNG: the library's own screenshot of its panes under a title strip that says what
 * it shows (`WETH/USDC · 1h · 2026-11-25 21:04 UTC`), saved as `pulse-WETH-USDC-1h-20261125-2104.png`.
 * The texts are pure (tested); the composition needs a browser canvas.
 */
import { INTERVAL_LABELS, type KlineInterval } from '../rules/intervals';
import type { TimeZoneMode } from '../rules/time-format';
import { zoneAbbreviation, zonedParts } from '../../core/format/zone';
import type { Candle } from '../rules/candles';
import { legendOf } from '../rules/legend';
import type { StudyLegendEntry } from './study-series';

export interface SnapshotInfo {
  /** `WETH/USDC` */
  pair: string;
  interval: KlineInterval;
  /** when the snapshot is taken (ms) */
  at: number;
  tz: TimeZoneMode;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The clock of `at` in the chosen zone (the chart's: local, UTC or a named zone), and that zone's
 * short name (`UTC`, `GMT+5:30`, `EST`), so the caption and the file name say the time the chart shows.
 */
function clock(at: number, tz: TimeZoneMode) {
  const seconds = Math.floor(at / 1000);
  const p = zonedParts(seconds, tz);
  let zone = zoneAbbreviation(tz, seconds);
  if (!zone) {
    const part = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((x) => x.type === 'timeZoneName');
    zone = part?.value ?? 'local';
  }
  return {
    date: `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`,
    time: `${pad(p.hours)}:${pad(p.minutes)}`,
    zone,
  };
}

/** `WETH/USDC · 1h · 2026-11-25 21:04 UTC` */
export function snapshotTitle(info: SnapshotInfo): string {
  const c = clock(info.at, info.tz);
  return `${info.pair} · ${INTERVAL_LABELS[info.interval]} · ${c.date} ${c.time} ${c.zone}`;
}

/** `pulse-WETH-USDC-1h-20261125-2104.png`: only letters, digits and dashes. */
export function snapshotFileName(info: SnapshotInfo): string {
  const c = clock(info.at, info.tz);
  const pair =
    info.pair
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'chart';
  const label = INTERVAL_LABELS[info.interval];
  return `pulse-${pair}-${label}-${c.date.replace(/-/g, '')}-${c.time.replace(':', '')}.png`;
}

export interface SnapshotStyle {
  background: string;
  text: string;
  muted: string;
  border: string;
  /** the page's font family (the canvas does not inherit it) */
  font: string;
}

/** A line of the strip's right side: a compared pool and its change, in its colour. */
export interface SnapshotNote {
  text: string;
  color: string;
}

const STRIP = 30;

/** A line of the legend drawn on the picture: label and values, the label in its colour. */
export interface SnapshotLegendLine {
  label: string;
  /** the label's colour (an indicator's line), null for the text colour */
  color: string | null;
  values: string;
}

/**
 * The chart's legend as the page shows it, for the picture: the bar's O H L C, change and volume,
 * then each indicator with its values (at the same bar), so a shared image says what it shows.
 */
export function snapshotLegend(
  bar: Candle | null,
  previousClose: number | null,
  decimals: number,
  studies: readonly StudyLegendEntry[],
): SnapshotLegendLine[] {
  const lines: SnapshotLegendLine[] = [];
  if (bar) {
    const l = legendOf(bar, previousClose, decimals);
    lines.push({
      label: l.prices.map((p) => `${p.label} ${p.value}`).join('  '),
      color: null,
      values: `${l.change.text}  ${l.volume.label} ${l.volume.value}`,
    });
  }
  for (const s of studies)
    lines.push({ label: s.label, color: s.color, values: s.values.join('  ') });
  return lines;
}

/** The screenshot under a title strip, on a new canvas of the same pixel ratio. */
export function composeSnapshot(
  shot: HTMLCanvasElement,
  cssWidth: number,
  title: string,
  style: SnapshotStyle,
  notes: readonly SnapshotNote[] = [],
  legend: readonly SnapshotLegendLine[] = [],
): HTMLCanvasElement {
  const ratio = cssWidth > 0 ? shot.width / cssWidth : 1;
  const strip = Math.round(STRIP * ratio);
  const out = document.createElement('canvas');
  out.width = shot.width;
  out.height = shot.height + strip;
  const ctx = out.getContext('2d');
  if (!ctx) return shot;
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.fillStyle = style.border;
  ctx.fillRect(
    0,
    strip - Math.max(1, Math.round(ratio)),
    out.width,
    Math.max(1, Math.round(ratio)),
  );
  ctx.textBaseline = 'middle';
  const y = (strip - ratio) / 2;
  const pad = 10 * ratio;
  ctx.font = `600 ${13 * ratio}px ${style.font}`;
  ctx.fillStyle = style.text;
  ctx.fillText(title, pad, y);
  const titleEnd = pad + ctx.measureText(title).width + 16 * ratio;
  // The brand on the right, then the compared pools leftwards of it.
  ctx.font = `500 ${11 * ratio}px ${style.font}`;
  ctx.textAlign = 'right';
  ctx.fillStyle = style.muted;
  let x = out.width - pad;
  ctx.fillText('Pulse', x, y);
  x -= ctx.measureText('Pulse').width + 14 * ratio;
  for (const note of [...notes].reverse()) {
    // What does not fit beside the title is left out rather than drawn over it.
    if (x - ctx.measureText(note.text).width < titleEnd) break;
    ctx.fillStyle = note.color;
    ctx.fillText(note.text, x, y);
    x -= ctx.measureText(note.text).width + 12 * ratio;
  }
  ctx.drawImage(shot, 0, strip);
  drawLegend(ctx, legend, strip, ratio, style);
  return out;
}

/** The legend over the chart's top left, on a backdrop so it reads over candles. */
function drawLegend(
  ctx: CanvasRenderingContext2D,
  lines: readonly SnapshotLegendLine[],
  top: number,
  ratio: number,
  style: SnapshotStyle,
): void {
  if (lines.length === 0) return;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = `500 ${11 * ratio}px ${style.font}`;
  const lineHeight = 16 * ratio;
  const pad = 6 * ratio;
  const gap = 6 * ratio;
  const widths = lines.map(
    (l) => ctx.measureText(l.label).width + gap + ctx.measureText(l.values).width,
  );
  const x = 8 * ratio;
  const y = top + 6 * ratio;
  ctx.globalAlpha = 0.85;
  ctx.fillStyle = style.background;
  ctx.fillRect(x, y, Math.max(...widths) + 2 * pad, lines.length * lineHeight + pad);
  ctx.globalAlpha = 1;
  lines.forEach((l, i) => {
    const cy = y + pad / 2 + lineHeight * (i + 0.5);
    ctx.fillStyle = l.color ?? style.text;
    ctx.fillText(l.label, x + pad, cy);
    ctx.fillStyle = style.muted;
    ctx.fillText(l.values, x + pad + ctx.measureText(l.label).width + gap, cy);
  });
}

/** Saves the canvas as a PNG file (the browser's download). */
export function downloadPng(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('The chart could not be saved as an image.'));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
      // After the click has handed the file over.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    }, 'image/png');
  });
}
