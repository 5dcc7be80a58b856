/**
 * Pools found by a symbol or a pair typed in the palette ("USDC", "pepe/weth", "WETH USDC"). The
 * seeds name no pool search, so only the pools the trader can already reach are matched: the
 * featured pools and the watchlist, whose pool objects the app reads anyway (cached an hour by the
 * gateway). Ranked: both symbols exact in the typed order, then exact in any order or one exact
 * symbol, then symbol prefixes, then the pair's name containing the text; ties keep the candidates'
 * order (featured first).
 */
import type { PoolObject } from '../../contracts/price/schema';
import { poolKey, type PoolRef } from '../../contracts/pool-ref';
import type { PoolHit } from './groups';
import type { QueryClass } from './classify';

const MAX_SYMBOL_POOLS = 8;

export interface PoolCandidate {
  ref: PoolRef;
  /** the chain's name, for the row */
  chain: string;
  pool: PoolObject;
}

/** The words of a pair query: `pepe/weth`, `WETH-USDC`, `weth usdc` are two symbols. */
export function pairWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s/|\-–:]+/)
    .filter(Boolean)
    .slice(0, 3);
}

/** 0 best; null when the pool does not match. */
function poolRank(words: readonly string[], pool: PoolObject): number | null {
  const base = pool.base_token.symbol.toLowerCase();
  const quote = pool.quote_token.symbol.toLowerCase();
  const symbols = [base, quote];
  if (words.length === 0) return null;
  if (words.length === 1) {
    const w = words[0] as string;
    if (symbols.includes(w)) return 1;
    if (symbols.some((s) => s.startsWith(w))) return 2;
    if (w.length >= 2 && pool.name.toLowerCase().includes(w)) return 3;
    return null;
  }
  const [a, b] = words as [string, string];
  if (words.length === 2) {
    if (a === base && b === quote) return 0;
    if (a === quote && b === base) return 1;
    const fits = (x: string, y: string) => base.startsWith(x) && quote.startsWith(y);
    if (fits(a, b) || fits(b, a)) return 2;
  }
  const name = pool.name.toLowerCase();
  return words.every((w) => name.includes(w)) ? 3 : null;
}

/** The candidates a text query names, best first, at most `max`, each pool once. */
export function matchPools(
  q: QueryClass,
  candidates: readonly PoolCandidate[],
  max = MAX_SYMBOL_POOLS,
): PoolHit[] {
  if (q.kind !== 'text') return [];
  const words = pairWords(q.text);
  const seen = new Set<string>();
  const ranked: { rank: number; i: number; hit: PoolHit }[] = [];
  candidates.forEach((c, i) => {
    const key = poolKey(c.ref);
    if (seen.has(key)) return;
    seen.add(key);
    const rank = poolRank(words, c.pool);
    if (rank !== null)
      ranked.push({ rank, i, hit: { probe: { ref: c.ref, chain: c.chain }, pool: c.pool } });
  });
  ranked.sort((x, y) => x.rank - y.rank || x.i - y.i);
  return ranked.slice(0, max).map((r) => r.hit);
}
