/**
 * The synthetic past of every address: a pure function of (seed, chain, address) up to the service's
 * genesis (the moment its state was first created), so a restart changes no history and nothing
 * appears in the past that was never pushed. Each series has a daily rate of 4 to 40 transfers; each
 * UTC day draws its count and distinct seconds, so a page is found by walking back day by day.
 */
import type { TransactionDetail } from '../../contracts/tx/schema';
import { Draw, type GenContext } from './gen-util';
import type { Series } from './codec';
import { shapeMatches, shapeOf, transferDetail, type TransferFilter } from './generate';

const DAY = 86_400;
/** How far back the synthetic past reaches: at least 365 transfers per series. */
const HISTORY_DAYS = 365;

/** A record of a list, built only when it makes the page. */
export interface Entry {
  id: number;
  load(): TransactionDetail;
}

export class History {
  constructor(
    private readonly ctx: GenContext,
    /** Unix seconds; synthetic transfers are strictly before it */
    readonly genesis: number,
  ) {}

  private rate(series: Series): number {
    return 4 + new Draw(`${this.ctx.seed}|rate|${series.fp}`).r() * 36;
  }

  /** Seconds of the series' transfers on UTC day `day` (Unix day number), descending. */
  private daySeconds(series: Series, day: number): number[] {
    const d = new Draw(`${this.ctx.seed}|day|${series.fp}|${day}`);
    const count = Math.max(1, Math.round(this.rate(series) * (0.25 + 1.5 * d.r())));
    const seconds = new Set<number>();
    for (let i = 0; i < count; i++) seconds.add(day * DAY + Math.floor(d.r() * DAY));
    return [...seconds].sort((a, b) => b - a);
  }

  /** Whether the series has a synthetic transfer at second `t`. */
  has(series: Series, t: number): boolean {
    if (t >= this.genesis || t < this.genesis - HISTORY_DAYS * DAY) return false;
    return this.daySeconds(series, Math.floor(t / DAY)).includes(t);
  }

  /** Synthetic entries with id < `before`, newest first, passing the filter. */
  *entries(series: Series, before: number, filter: TransferFilter): Generator<Entry> {
    const first = Math.floor(this.genesis - HISTORY_DAYS * DAY);
    const last = Math.min(this.genesis - 1, Math.floor(before / 1_000_000));
    for (let day = Math.floor(last / DAY); day >= Math.floor(first / DAY); day--) {
      for (const t of this.daySeconds(series, day)) {
        if (t > last || t < first) continue;
        const id = this.ctx.codec.id(series, t, 0);
        if (id >= before) continue;
        if (!shapeMatches(shapeOf(this.ctx, series, t, 0), filter)) continue;
        yield { id, load: () => transferDetail(this.ctx, series, t, 0) };
      }
    }
  }
}

/**
 * Merges sources that each yield newest first into one page: strictly decreasing ids, the same
 * transaction (id and hash) only once. Two different transfers with one id would need one second and
 * one of a million discriminators to coincide; should it happen, both are listed (hash order).
 */
export function mergePage(sources: Iterator<Entry>[], limit: number): TransactionDetail[] {
  const heads: (Entry | undefined)[] = sources.map((s) => next(s));
  const out: TransactionDetail[] = [];
  let lastId = Infinity;
  const seenAtLast = new Set<string>();
  while (out.length < limit) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (head && (best < 0 || head.id > (heads[best] as Entry).id)) best = i;
    }
    if (best < 0) break;
    const entry = heads[best] as Entry;
    heads[best] = next(sources[best] as Iterator<Entry>);
    const tx = entry.load();
    if (entry.id === lastId && seenAtLast.has(`${tx.chain_type}|${tx.tx_hash}`)) continue;
    if (entry.id !== lastId) seenAtLast.clear();
    lastId = entry.id;
    seenAtLast.add(`${tx.chain_type}|${tx.tx_hash}`);
    out.push({ ...tx, id: entry.id });
  }
  return out;
}

function next(source: Iterator<Entry>): Entry | undefined {
  const r = source.next();
  return r.done ? undefined : r.value;
}

/** Entries of an array sorted by id ascending, newest first below `before`. */
export function* descending<T extends { id: number }>(
  items: readonly T[],
  before: number,
  toEntry: (item: T) => Entry | null,
): Generator<Entry> {
  let hi = items.length;
  let lo = 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid] as T).id < before) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const entry = toEntry(items[i] as T);
    if (entry) yield entry;
  }
}
