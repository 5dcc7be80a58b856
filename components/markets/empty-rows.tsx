import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { MarketsMode } from '@/lib/features/markets/view';

/** What the table says when it has no row to show, with the way out of that view. */
export function EmptyRows({
  mode,
  query,
  filtered,
  onChange,
}: {
  mode: MarketsMode;
  query: string;
  filtered: boolean;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  if (filtered) {
    return (
      <EmptyState
        title="No token of this chain on the rows loaded."
        action={<Button onClick={() => onChange({ chain: null })}>Show every chain</Button>}
      >
        The filter applies to the rows loaded: load every page to search the whole list.
      </EmptyState>
    );
  }
  if (mode === 'search') {
    return (
      <EmptyState
        title={`No token matches “${query}”.`}
        action={<Button onClick={() => onChange({ q: null })}>Clear search</Button>}
      >
        Search is exact and ignores case: a contract address, a full name (“USD Coin”) or a symbol
        (“USDC”).
      </EmptyState>
    );
  }
  if (mode === 'watchlist') {
    return (
      <EmptyState
        title="Your watchlist is empty."
        action={<Button onClick={() => onChange({ view: null })}>Browse all tokens</Button>}
      >
        Star a token with ☆ in the table to keep it here. The list is kept in this browser.
      </EmptyState>
    );
  }
  return <EmptyState title="The price service lists no tokens." />;
}
