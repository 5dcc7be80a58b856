/**
 * Search as you type over the token list held once in the browser: symbols and names matched by
 * prefix, best first. An address is not matched here: it goes to the price service's exact
 * look-up (`tokens/platforms/{keyword}`), as the Markets search does.
 */
import type { TokenItem } from '../../contracts/price/schema';

/** An EVM contract, a Solana mint (Base58) or a Tron address: looked up exactly, not by prefix. */
export function looksLikeAddress(text: string): boolean {
  const t = text.trim();
  return (
    /^0x[0-9a-fA-F]{40}$/.test(t) ||
    /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(t) ||
    /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(t)
  );
}

/** How well a token answers `q` (lower is better), or null when it does not. */
function rank(token: TokenItem, q: string): number | null {
  const symbol = token.symbol.toLowerCase();
  const name = token.name.toLowerCase();
  if (symbol === q) return 0;
  if (name === q) return 1;
  if (symbol.startsWith(q)) return 2;
  if (name.startsWith(q)) return 3;
  // A later word of the name ("usd" finds "Tether USDt", "coin" finds "USD Coin").
  if (name.split(/[\s\-_.()]+/).some((w, i) => i > 0 && w.startsWith(q))) return 4;
  return null;
}

/**
 * The tokens whose symbol or name starts with `query` (case-insensitive), best match first and,
 * within a rank, in the list's own order (the service's, by market capitalisation). The same
 * token on several chains is several records: each is a result, as on Markets.
 */
export function matchTokens(list: readonly TokenItem[], query: string, max = 8): TokenItem[] {
  const q = query.trim().toLowerCase();
  if (!q || max <= 0) return [];
  const hits: { token: TokenItem; rank: number; index: number }[] = [];
  list.forEach((token, index) => {
    const r = rank(token, q);
    if (r !== null) hits.push({ token, rank: r, index });
  });
  hits.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return hits.slice(0, max).map((h) => h.token);
}
