import { describe, expect, it } from 'vitest';
import { readMarketsView } from '@/lib/features/markets/view';

const read = (query: string) => readMarketsView(new URLSearchParams(query));

describe('the Markets view from its URL', () => {
  it('is the first page of 100 by rank, with nothing in the URL', () => {
    expect(read('')).toEqual({
      q: '',
      chainId: null,
      mode: 'page',
      limit: 100,
      sort: 'rank',
      dir: 'asc',
      pinStarred: false,
    });
  });

  it('searches before anything else, reads every page for a chain filter, else the watchlist', () => {
    expect(read('q=%20weth%20&view=watchlist&chain=1').mode).toBe('search');
    expect(read('q=%20weth%20').q).toBe('weth');
    expect(read('view=watchlist').mode).toBe('watchlist');
    expect(read('chain=56')).toMatchObject({ mode: 'all', chainId: 56 });
    expect(read('all=1').mode).toBe('all');
    expect(read('chain=5x')).toMatchObject({ mode: 'page', chainId: null });
  });

  it('keeps a known sort, its direction or the column’s own, a listed page size and the pin', () => {
    expect(read('sort=market_cap')).toMatchObject({ sort: 'market_cap', dir: 'desc' });
    expect(read('sort=name&dir=desc')).toMatchObject({ sort: 'name', dir: 'desc' });
    expect(read('sort=nope&dir=up')).toMatchObject({ sort: 'rank', dir: 'asc' });
    expect(read('limit=250').limit).toBe(250);
    expect(read('limit=7').limit).toBe(100);
    expect(read('starred=first').pinStarred).toBe(true);
  });
});
