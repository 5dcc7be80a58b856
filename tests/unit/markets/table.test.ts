import { describe, expect, it, vi } from 'vitest';
import { chunkIds, QuoteStore } from '@/lib/features/markets/quote-store';
import {
  clampLimit,
  clampPage,
  defaultDir,
  filterByChain,
  pageCount,
  sortRows,
  starredFirst,
  type Row,
} from '@/lib/features/markets/table';
import type { QuoteLatestItem, TokenItem } from '@/lib/contracts/price/schema';

const token = (id: number, name: string, chain_id = 1, chain_name = 'Ethereum'): TokenItem => ({
  id,
  name,
  symbol: name.slice(0, 3).toUpperCase(),
  decimals: 18,
  chain_id,
  chain_name,
  is_native: false,
});
const rowsOf = (tokens: TokenItem[]): Row[] =>
  tokens.map((t, i) => ({ token: t, rank: i + 1, order: i }));
const quote = (
  id: number,
  price: string,
  extra: Partial<QuoteLatestItem> = {},
): QuoteLatestItem => ({
  token_id: id,
  name: `t${id}`,
  symbol: `T${id}`,
  fiat_id: 1,
  fiat_code: 'USD',
  price,
  market_cap: '0',
  volume_24h: '0',
  volume_change_24h: '0',
  percent_change_1h: '0',
  percent_change_24h: '0',
  percent_change_7d: '0',
  percent_change_30d: '0',
  fully_diluted_valuation: '0',
  circulating_supply: '0',
  total_supply: '0',
  max_supply: '0',
  ...extra,
});

describe('pages', () => {
  it('follow ceil(total / limit) as the seed says', () => {
    expect(pageCount(1552, 1000)).toBe(2);
    expect(pageCount(1000, 1000)).toBe(1);
    expect(pageCount(1001, 100)).toBe(11);
    expect(pageCount(0, 100)).toBe(0);
  });
  it("page size is one of the offered sizes, at most the seed's 1,000", () => {
    expect(clampLimit('1000')).toBe(1000);
    expect(clampLimit('5000')).toBe(100);
    expect(clampLimit('abc')).toBe(100);
    expect(clampLimit(null)).toBe(100);
  });
  it('a page number outside the list is brought back into it', () => {
    expect(clampPage('3', 16)).toBe(3);
    expect(clampPage('99', 16)).toBe(16);
    expect(clampPage('-2', 16)).toBe(1);
    expect(clampPage('x', null)).toBe(1);
  });
});

describe('sorting', () => {
  const rows = rowsOf([
    token(1, 'Bitcoin'),
    token(2, 'Ether'),
    token(3, 'Aave'),
    token(4, 'Zcash'),
  ]);
  const quotes = new Map([
    [1, quote(1, '68000.5')],
    [2, quote(2, '3100')],
    [3, quote(3, '95.1')],
  ]);
  const of = (id: number) => quotes.get(id);

  it('by a figure, largest first by default; rows without a quote go last either way', () => {
    expect(defaultDir('price')).toBe('desc');
    expect(sortRows(rows, 'price', 'desc', of).map((r) => r.token.id)).toEqual([1, 2, 3, 4]);
    expect(sortRows(rows, 'price', 'asc', of).map((r) => r.token.id)).toEqual([3, 2, 1, 4]);
  });
  it('by name A to Z by default, ties in rank order', () => {
    expect(defaultDir('name')).toBe('asc');
    expect(sortRows(rows, 'name', 'asc', of).map((r) => r.token.name)).toEqual([
      'Aave',
      'Bitcoin',
      'Ether',
      'Zcash',
    ]);
    expect(sortRows(rows, 'rank', 'desc', of).map((r) => r.token.id)).toEqual([4, 3, 2, 1]);
  });
  it('equal figures keep rank order, so a refresh does not shuffle them', () => {
    const same = new Map(rows.map((r) => [r.token.id, quote(r.token.id, '1.00')]));
    expect(sortRows(rows, 'price', 'desc', (id) => same.get(id)).map((r) => r.token.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });
  it('negative changes sort below positive ones', () => {
    const changes = new Map([
      [1, quote(1, '1', { percent_change_24h: '-20.8' })],
      [2, quote(2, '1', { percent_change_24h: '3.45' })],
      [3, quote(3, '1', { percent_change_24h: '-0.01' })],
      [4, quote(4, '1', { percent_change_24h: '0' })],
    ]);
    expect(
      sortRows(rows, 'percent_change_24h', 'desc', (id) => changes.get(id)).map((r) => r.token.id),
    ).toEqual([2, 4, 3, 1]);
  });
  it('starred rows first, each group in its order; chain filter', () => {
    expect(starredFirst(rows, new Set([4, 2])).map((r) => r.token.id)).toEqual([2, 4, 1, 3]);
    const mixed = rowsOf([
      token(1, 'A', 1),
      token(2, 'B', 5, 'Solana'),
      token(3, 'C', 5, 'Solana'),
    ]);
    expect(filterByChain(mixed, 5).map((r) => r.token.id)).toEqual([2, 3]);
    expect(filterByChain(mixed, null)).toHaveLength(3);
  });
});

describe('the quote store', () => {
  it('notifies only the rows whose figures changed', () => {
    const store = new QuoteStore();
    const one = vi.fn();
    const two = vi.fn();
    const meta = vi.fn();
    const off1 = store.subscribe(1, one);
    const off2 = store.subscribe(2, two);
    const offMeta = store.subscribeMeta(meta);
    store.put([quote(1, '10'), quote(2, '20')], 1000, 'a');
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).toHaveBeenCalledTimes(1);
    store.put([quote(1, '10.5'), quote(2, '20')], 4000, 'a');
    expect(one).toHaveBeenCalledTimes(2);
    expect(two).toHaveBeenCalledTimes(1);
    expect(store.get(1)?.price).toBe('10.5');
    expect(store.getMeta().updatedAt).toBe(4000);
    expect(meta).toHaveBeenCalledTimes(2);
    off1();
    off2();
    offMeta();
    expect(store.listenerCount).toBe(0);
  });
  it('a failing chunk marks the data stale until it answers again; a chunk out of view no longer counts', () => {
    const store = new QuoteStore();
    store.put([quote(1, '10')], 1000, 'a');
    store.fail('a');
    store.fail('b');
    expect(store.getMeta().failing).toBe(true);
    expect(store.get(1)?.price).toBe('10'); // the last data stays
    store.put([quote(1, '11')], 5000, 'a');
    expect(store.getMeta().failing).toBe(true);
    store.forget('b');
    expect(store.getMeta().failing).toBe(false);
  });
  it('chunks ids in list order, the same for every viewer', () => {
    expect(chunkIds([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkIds(Array.from({ length: 1000 }, (_, i) => i + 1))).toHaveLength(10);
  });
});
