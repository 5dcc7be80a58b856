/**
 * The workspace's query string: `/workspace?layout=4&c=evm:1:0x88e6…:15m,svm:501:58oQ…:1h&sync=crosshair,time`,
 * and each cell's indicators as the pool page writes them (`s1=ema:20,rsi:14` for the first cell,
 * `s2=` for the second...; a link from before they existed reads with none). A shared link opens the
 * same desk. Every part is hostile until read here: an unknown layout falls
 * back to 1, 2 or 4, at most four cells are read, a cell that is not a pool (or not a pool on its
 * chain) becomes an empty cell that asks for one, and an unknown interval becomes the default.
 */
import { formatStudies, parseStudies, type StudySpec } from '../../chart/rules/studies';
import { DEFAULT_INTERVAL, intervalOrLabel, type KlineInterval } from '../../chart/rules/intervals';
import { parsePoolRefShape } from '../../contracts/pool-ref-shape';
import type { PoolRef } from '../../contracts/pool-ref';
import type { SearchParamsLike } from '../pools/params';

export type DeskLayout = 1 | 2 | 4;
const DESK_LAYOUTS: readonly DeskLayout[] = [1, 2, 4];
export const MAX_CELLS = 4;

/** One chart of the desk; null is an empty cell ("pick a pool"). */
export interface DeskCell {
  pool: PoolRef;
  interval: KlineInterval;
  /** the cell's indicators (`s{n}=`); none when left out */
  studies?: StudySpec[];
}

/** The query name of cell `index`'s indicators: `s1` for the first. */
const studiesParam = (index: number) => `s${index + 1}`;

export interface DeskSync {
  /** the crosshair of the chart under the pointer is drawn on the others, at the same time */
  crosshair: boolean;
  /** scrolling or zooming one chart shows the same time range on the others */
  time: boolean;
}

export interface DeskParams {
  layout: DeskLayout;
  /** exactly `layout` cells */
  cells: (DeskCell | null)[];
  sync: DeskSync;
}

export const DEFAULT_SYNC: DeskSync = { crosshair: true, time: false };

/** Longer values are cut before they are split: four cells of the longest pool addresses fit. */
const MAX_VALUE_CHARS = 1200;

function read(params: SearchParamsLike, name: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(name) ?? undefined;
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `4` -> 4; `3` -> 4 (the next layout that holds it); anything else -> null. */
export function parseLayout(raw: string | undefined): DeskLayout | null {
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  if (n < 1) return null;
  return DESK_LAYOUTS.find((l) => l >= n) ?? 4;
}

/** `evm:1:0x…:1h` (the interval may be left out, or spelled as its button: `1D`); null if not a pool. */
export function parseCell(raw: string): DeskCell | null {
  const parts = raw.trim().split(':');
  if (parts.length < 3 || parts.length > 4) return null;
  const [type = '', id = '', address = '', interval] = parts;
  let parsed;
  try {
    parsed = parsePoolRefShape(type, id, address);
  } catch {
    // A malformed %-escape in the address (decodeURIComponent throws).
    return null;
  }
  if (!parsed.ok) return null;
  return {
    pool: parsed.ref,
    interval: (interval === undefined ? null : intervalOrLabel(interval)) ?? DEFAULT_INTERVAL,
  };
}

export function parseSync(raw: string | undefined): DeskSync {
  if (raw === undefined) return DEFAULT_SYNC;
  const words = raw.split(',').map((w) => w.trim().toLowerCase());
  const crosshair = words.includes('crosshair');
  const time = words.includes('time');
  if (crosshair || time) return { crosshair, time };
  // `sync=none` (or `sync=`) turns both off; a value with no known word is a typo: the default.
  return words.every((w) => w === '' || w === 'none')
    ? { crosshair: false, time: false }
    : DEFAULT_SYNC;
}

/**
 * The desk a URL names. With no `c`, the cells are `fallback` (the featured pools): an empty URL
 * opens something useful, not a blank desk. With no usable `layout`, the number of cells given
 * decides it.
 */
export function parseDesk(params: SearchParamsLike, fallback: readonly DeskCell[]): DeskParams {
  const rawCells = read(params, 'c');
  const given =
    rawCells === undefined
      ? null
      : rawCells
          .slice(0, MAX_VALUE_CHARS)
          .split(',')
          .slice(0, MAX_CELLS)
          .map((c) => (c.trim() === '' ? null : parseCell(c)));
  const layout =
    parseLayout(read(params, 'layout')) ??
    parseLayout(String(Math.max(1, given ? given.length : fallback.length))) ??
    1;
  const source = given ?? fallback;
  const cells = Array.from({ length: layout }, (_, i) => {
    const cell = source[i] ?? null;
    const studies = cell ? parseStudies(read(params, studiesParam(i))) : [];
    return cell && studies.length > 0 ? { ...cell, studies } : cell;
  });
  return { layout, cells, sync: parseSync(read(params, 'sync')) };
}

/** `evm:1:0x…:15m`: the pool as `poolKey` writes it (lib/contracts/pool-ref.ts), then the interval. */
function formatCell(cell: DeskCell | null): string {
  if (!cell) return '';
  const { chainType, chainId, address } = cell.pool;
  return [chainType, String(chainId), encodeURIComponent(address), cell.interval].join(':');
}

/**
 * The desk's query string. Layout and cells are always written (a link keeps its desk even where
 * other pools are featured); `sync` only when it differs from the default. `:` and `,` are left as
 * they are, legal in a query and easier to read than `%3A` and `%2C`; every other part is encoded.
 */
export function deskQuery(desk: DeskParams): string {
  const cells = desk.cells.slice(0, desk.layout).map(formatCell);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  const parts = [`layout=${desk.layout}`, `c=${cells.join(',')}`];
  desk.cells.slice(0, desk.layout).forEach((cell, i) => {
    const studies = cell?.studies ? formatStudies(cell.studies) : '';
    if (studies) parts.push(`${studiesParam(i)}=${studies}`);
  });
  const { crosshair, time } = desk.sync;
  if (crosshair !== DEFAULT_SYNC.crosshair || time !== DEFAULT_SYNC.time) {
    const words = [crosshair && 'crosshair', time && 'time'].filter(Boolean);
    parts.push(`sync=${words.length > 0 ? words.join(',') : 'none'}`);
  }
  return `?${parts.join('&')}`;
}

/** The default desk's cells: the first featured pools, one chart each, at the default interval. */
export function defaultCells(pools: readonly PoolRef[]): DeskCell[] {
  return pools.slice(0, MAX_CELLS).map((pool) => ({ pool, interval: DEFAULT_INTERVAL }));
}
