'use client';
import { clsx } from 'clsx';
import { poolKey, type PoolRef } from '@/lib/contracts/pool-ref';
import { usePoolWatchlist } from '@/lib/features/pools/watchlist';
import { Button } from '@/components/ui/button';
import { StarIcon } from '@/components/ui/icons';

/** Stars the pool into the watchlist of the Pools page (this browser only). */
export function WatchPoolButton({ pool, pair }: { pool: PoolRef; pair: string | undefined }) {
  const watched = usePoolWatchlist((s) => s.pools.some((p) => poolKey(p) === poolKey(pool)));
  const toggle = usePoolWatchlist((s) => s.toggle);
  return (
    <Button
      onClick={() => toggle({ ...pool, pair: pair ?? '' })}
      aria-pressed={watched}
      title={watched ? 'Remove from the pool watchlist' : 'Add to the pool watchlist (Pools page)'}
      className={watched ? 'text-warn' : ''}
    >
      <StarIcon filled={watched} size={14} />
      {/* On a phone the star alone, so the pair keeps its line; the name stays for assistive tech. */}
      <span className={clsx('sr-only sm:not-sr-only', watched && 'text-text')}>
        {watched ? 'Watching' : 'Watch'}
      </span>
    </Button>
  );
}
