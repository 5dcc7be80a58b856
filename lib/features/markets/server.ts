/**
 * The Markets page's first rows for the server's render: the first page of `tokens` and the quotes of
 * its first chunk, so the table paints with prices before any script runs (the browser's 3-second
 * polling takes over after hydration). Only the default view (first page, any size and sort): a
 * search, a chain filter, "all pages" or the watchlist load in the browser as before.
 */
import 'server-only';
import type { ChainItem, QuoteLatestItem, TokensData } from '../../contracts/price/schema';
import { priceClient } from '../../upstream/price/client';
import { load } from '../../upstream/result';
import { chunkIds } from './quote-store';
import { clampLimit } from './table';

type Search = Record<string, string | string[] | undefined>;

export interface MarketsFirstPage {
  limit: number;
  tokens: TokensData;
  /** the first chunk's ids, as the browser's quote feeder asks for them */
  quoteIds: number[];
  /** in USD (the server renders USD; another display fiat follows in the browser) */
  quotes: QuoteLatestItem[] | null;
  chains: ChainItem[] | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** A slow upstream must not hold the page: past this, the browser loads the rows as before. */
const DEADLINE_MS = 1500;

export async function loadMarketsFirstPage(search: Search): Promise<MarketsFirstPage | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DEADLINE_MS);
  });
  try {
    return await Promise.race([firstPage(search).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function firstPage(search: Search): Promise<MarketsFirstPage | null> {
  const page = one(search.page);
  if (
    one(search.q)?.trim() ||
    one(search.view) === 'watchlist' ||
    one(search.all) === '1' ||
    one(search.chain) ||
    (page !== undefined && page !== '1')
  )
    return null;
  const limit = clampLimit(one(search.limit));
  const [tokens, chains] = await Promise.all([
    load(() => priceClient.tokens({ page: 1, limit })),
    load(() => priceClient.chains()),
  ]);
  if (!tokens.ok) return null;
  const quoteIds = chunkIds(tokens.value.items.map((t) => t.id))[0] ?? [];
  const quotes = quoteIds.length
    ? await load(() => priceClient.quotesLatest(quoteIds, 'USD'))
    : null;
  return {
    limit,
    tokens: tokens.value,
    quoteIds,
    quotes: quotes?.ok ? quotes.value : null,
    chains: chains.ok ? chains.value : null,
  };
}
