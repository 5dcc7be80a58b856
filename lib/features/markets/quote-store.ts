/**
 * Live quotes by token id, outside React state: a row subscribes to its own token, so a 3-second
 * refresh re-renders only the rows whose quote changed, never the table around them.
 */
import type { QuoteLatestItem } from '../../contracts/price/schema';

type Listener = () => void;

export interface QuoteMeta {
  /** time of the last successful refresh of any chunk (ms), null before the first */
  updatedAt: number | null;
  /** the last refresh of some chunk failed: what is shown may be old */
  failing: boolean;
  /** bumped whenever any quote changes (a table sorted by a market column re-sorts on it) */
  version: number;
}

export class QuoteStore {
  private quotes = new Map<number, QuoteLatestItem>();
  private byId = new Map<number, Set<Listener>>();
  private metaListeners = new Set<Listener>();
  private failures = new Set<string>();
  private meta: QuoteMeta = { updatedAt: null, failing: false, version: 0 };

  get(id: number): QuoteLatestItem | undefined {
    return this.quotes.get(id);
  }

  getMeta = (): QuoteMeta => this.meta;

  /**
   * Quotes the page was rendered with (the server's first chunk): shown at once, but they say nothing
   * of freshness, which the first refresh in the browser sets.
   */
  seed(items: readonly QuoteLatestItem[]): void {
    for (const item of items)
      if (!this.quotes.has(item.token_id)) this.quotes.set(item.token_id, item);
  }

  /** Takes a chunk's answer; only the ids whose figures changed are notified. */
  put(items: readonly QuoteLatestItem[], at: number, chunk: string): void {
    const changed: number[] = [];
    for (const item of items) {
      const before = this.quotes.get(item.token_id);
      if (before && sameQuote(before, item)) continue;
      this.quotes.set(item.token_id, item);
      changed.push(item.token_id);
    }
    for (const id of changed) this.byId.get(id)?.forEach((l) => l());
    this.failures.delete(chunk);
    const updatedAt = Math.max(at, this.meta.updatedAt ?? 0);
    this.setMeta({
      updatedAt,
      failing: this.failures.size > 0,
      version: this.meta.version + (changed.length > 0 ? 1 : 0),
    });
  }

  fail(chunk: string): void {
    this.failures.add(chunk);
    if (!this.meta.failing) this.setMeta({ ...this.meta, failing: true });
  }

  /** A chunk no longer shown: its failure no longer makes the table stale. */
  forget(chunk: string): void {
    if (this.failures.delete(chunk))
      this.setMeta({ ...this.meta, failing: this.failures.size > 0 });
  }

  clear(): void {
    const ids = [...this.quotes.keys()];
    this.quotes.clear();
    this.failures.clear();
    for (const id of ids) this.byId.get(id)?.forEach((l) => l());
    this.setMeta({ updatedAt: null, failing: false, version: this.meta.version + 1 });
  }

  subscribe(id: number, listener: Listener): () => void {
    let set = this.byId.get(id);
    if (!set) this.byId.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byId.delete(id);
    };
  }

  subscribeMeta = (listener: Listener): (() => void) => {
    this.metaListeners.add(listener);
    return () => this.metaListeners.delete(listener);
  };

  /** listeners currently registered (for tests: nothing grows without bound) */
  get listenerCount(): number {
    let n = this.metaListeners.size;
    for (const set of this.byId.values()) n += set.size;
    return n;
  }

  private setMeta(meta: QuoteMeta): void {
    this.meta = meta;
    this.metaListeners.forEach((l) => l());
  }
}

const FIELDS = [
  'price',
  'market_cap',
  'volume_24h',
  'percent_change_1h',
  'percent_change_24h',
  'percent_change_7d',
  'percent_change_30d',
  'fully_diluted_valuation',
  'circulating_supply',
  'fiat_code',
] as const satisfies readonly (keyof QuoteLatestItem)[];

function sameQuote(a: QuoteLatestItem, b: QuoteLatestItem): boolean {
  return FIELDS.every((f) => a[f] === b[f]);
}

/** Ids split into fixed chunks in list order, so every viewer of a page asks the same URLs (cached). */
/** How many ids one quotes request carries (the server's first render asks for the same first chunk). */
export const QUOTE_CHUNK = 100;

export function chunkIds(ids: readonly number[], size = QUOTE_CHUNK): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
