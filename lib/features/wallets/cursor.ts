/**
 * The seed's paging rule for a wallet's history (`/transfers/search`): the next cursor is the last
 * record's id while a page comes back full. On its own so that the pool page's markers can page a
 * wallet's trades without history.ts, whose address checks bring their hashing libraries along.
 */
export function nextCursor(page: readonly { id: number }[], limit: number): number | undefined {
  if (page.length < limit) return undefined;
  return page.at(-1)?.id;
}
