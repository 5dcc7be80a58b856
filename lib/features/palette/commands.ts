/**
 * The palette's commands (go to a page, switch the theme) and how a query finds them: every word of
 * the query starts a word of the label or of its keywords ("set" finds Settings, "dark" the theme).
 */

export interface Command {
  label: string;
  /** other words that find it */
  keywords?: string;
}

/** Words that find each page of the main navigation, by its path. */
export const PAGE_KEYWORDS: Readonly<Record<string, string>> = {
  '/': 'tokens prices home watchlist',
  '/pools': 'dex liquidity charts candles',
  '/wallets': 'addresses monitored transactions history live feed',
  '/fiats': 'currencies rates convert converter',
  '/chains': 'networks explorers',
  '/settings': 'webhook websocket configuration app',
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s\-_/.,()]+/)
    .filter(Boolean);
}

export function matchCommands<T extends Command>(list: readonly T[], query: string): T[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...list];
  return list.filter((c) => {
    const have = words(`${c.label} ${c.keywords ?? ''}`);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
}
