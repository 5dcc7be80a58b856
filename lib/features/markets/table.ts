/** Columns, sorting and filtering of the Markets table: pure, so the rules are tested on their own. */
import type { QuoteLatestItem, TokenItem } from '../../contracts/price/schema';

/** The columns whose order follows the live quotes. */
const MARKET_SORT_KEYS = [
  'price',
  'percent_change_1h',
  'percent_change_24h',
  'percent_change_7d',
  'percent_change_30d',
  'market_cap',
  'volume_24h',
  'fully_diluted_valuation',
  'circulating_supply',
] as const;
const SORT_KEYS = ['rank', 'name', 'chain', ...MARKET_SORT_KEYS] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

export const MARKET_KEYS: ReadonlySet<SortKey> = new Set(MARKET_SORT_KEYS);

export function isSortKey(value: string | null | undefined): value is SortKey {
  return (SORT_KEYS as readonly string[]).includes(value ?? '');
}

/** The first click on a column sorts the way a trader reads it: names A→Z, figures largest first. */
export function defaultDir(key: SortKey): SortDir {
  return key === 'rank' || key === 'name' || key === 'chain' ? 'asc' : 'desc';
}

export const PAGE_SIZES = [50, 100, 250, 500, 1000] as const;
export const MAX_LIMIT = 1000;

export function clampLimit(raw: string | null | undefined): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : 100;
}

export function clampPage(raw: string | null | undefined, pages: number | null): number {
  const n = Math.floor(Number(raw));
  if (!Number.isFinite(n) || n < 1) return 1;
  return pages !== null ? Math.min(n, Math.max(1, pages)) : n;
}

/** The seed's walk: ceil(total / limit) pages. */
export function pageCount(total: number, limit: number): number {
  return total > 0 && limit > 0 ? Math.ceil(total / limit) : 0;
}

export interface Row {
  token: TokenItem;
  /** 1-based position in the upstream's token list (its rank order); null for search and watchlist rows */
  rank: number | null;
  /** position in the source the rows came from: the tie-breaker that keeps sorts stable */
  order: number;
}

type QuoteOf = (id: number) => QuoteLatestItem | undefined;

/**
 * Sorts by a key; rows without a figure for a market key always go last, whatever the direction,
 * and ties keep rank order, so the sort is stable and a refresh does not shuffle equal rows.
 */
export function sortRows(
  rows: readonly Row[],
  key: SortKey,
  dir: SortDir,
  quoteOf: QuoteOf,
): Row[] {
  const sign = dir === 'asc' ? 1 : -1;
  if (key === 'rank')
    return [...rows].sort((a, b) => (dir === 'asc' ? a.order - b.order : b.order - a.order));
  if (key === 'name' || key === 'chain') {
    const text = (r: Row) =>
      key === 'name' ? `${r.token.name}\u0000${r.token.symbol}` : r.token.chain_name;
    return [...rows].sort(
      (a, b) =>
        sign * text(a).localeCompare(text(b), 'en', { sensitivity: 'base' }) || a.order - b.order,
    );
  }
  // Sort keys only order rows; what is displayed is formatted from the exact strings.
  const keyed = rows.map((row) => {
    const raw = quoteOf(row.token.id)?.[key];
    const value = raw === undefined ? NaN : Number(raw);
    return { row, value };
  });
  keyed.sort((a, b) => {
    const am = Number.isNaN(a.value);
    const bm = Number.isNaN(b.value);
    if (am || bm) return am === bm ? a.row.order - b.row.order : am ? 1 : -1;
    return sign * (a.value - b.value) || a.row.order - b.row.order;
  });
  return keyed.map((k) => k.row);
}

/** Starred rows first (keeping the order among each group) when the user asks for it. */
export function starredFirst(rows: readonly Row[], starred: ReadonlySet<number>): Row[] {
  const top: Row[] = [];
  const rest: Row[] = [];
  for (const r of rows) (starred.has(r.token.id) ? top : rest).push(r);
  return [...top, ...rest];
}

export function filterByChain(rows: readonly Row[], chainId: number | null): Row[] {
  return chainId === null ? [...rows] : rows.filter((r) => r.token.chain_id === chainId);
}
