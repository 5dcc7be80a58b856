'use client';
import { clsx } from 'clsx';
import { formatAge } from '@/lib/core/format/text';
import { useNow } from '@/lib/client/hooks/use-now';
import { isStale, STALE_AFTER_MS } from '@/lib/core/freshness';

/**
 * "● live · updated 2 s ago" while data is fresh; a grey "stale" mark with a retry when the last
 * refresh failed or is too old. `updatedAt` is the time of the last successful refresh (ms).
 */
export function Freshness({
  updatedAt,
  stale,
  onRetry,
  staleAfterMs = STALE_AFTER_MS,
  compact = false,
}: {
  updatedAt: number | null | undefined;
  stale?: boolean;
  onRetry?: () => void;
  staleAfterMs?: number;
  /** on a phone, the mark without its age (a row that must stay one line) */
  compact?: boolean;
}) {
  const now = useNow();
  if (!updatedAt) {
    return <span className="text-2xs text-faint">connecting…</span>;
  }
  const age = now - updatedAt;
  const old = isStale(age, stale, staleAfterMs);
  return (
    <span
      className="inline-flex items-center gap-1.5 text-2xs text-muted"
      data-testid="freshness"
      data-stale={old ? 'true' : 'false'}
    >
      <LiveDot live={!old} />
      {old ? (
        <>
          <StaleTag />
          <span data-freshness-age className={compact ? 'hidden sm:inline' : undefined}>
            updated {formatAge(age)}
          </span>
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="font-medium text-accent hover:underline"
            >
              Retry
            </button>
          )}
        </>
      ) : (
        <span>
          <span className={compact ? 'max-[359px]:sr-only' : undefined}>live</span>
          <span data-freshness-age className={compact ? 'hidden sm:inline' : undefined}>
            {' '}
            · updated <span className="num">{formatAge(age)}</span>
          </span>
        </span>
      )}
    </span>
  );
}

/** The green dot of a live mark, grey when it is not live. */
export function LiveDot({ live }: { live: boolean }) {
  return (
    <span aria-hidden className={clsx('h-1.5 w-1.5 rounded-full', live ? 'bg-up' : 'bg-faint')} />
  );
}

/** The grey "STALE" tag beside a mark whose data stopped moving. */
export function StaleTag() {
  return (
    <span className="rounded bg-raised px-1 py-px font-medium uppercase tracking-wide text-muted">
      stale
    </span>
  );
}
