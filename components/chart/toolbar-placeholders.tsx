/**
 * The toolbar's Compare and Lines buttons as they first paint, while their code (panels, look-ups,
 * the price-line layer) loads after the page: the same size and words, so nothing moves when the
 * real ones take their place. Kept beside compare-control.tsx and price-lines-control.tsx, which
 * render these same buttons live.
 */
const BUTTON =
  'flex h-7 items-center gap-1 rounded border border-border px-2 text-[11px] font-medium';

export function ComparePlaceholder({ count }: { count: number }) {
  return (
    <button type="button" disabled className={`${BUTTON} bg-panel text-muted`}>
      Compare{count > 0 ? ` · ${count}` : ''}
    </button>
  );
}

export function PriceLinesPlaceholder() {
  return (
    <span className="relative flex items-center gap-1.5">
      <button type="button" disabled className={`${BUTTON} bg-panel text-muted opacity-50`}>
        <svg
          width="13"
          height="13"
          viewBox="0 0 24 24"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M2 12h20" />
          <path d="M18 5v4M16 7h4" />
        </svg>
        Price line
      </button>
      <button type="button" disabled className={`${BUTTON} bg-panel text-muted`}>
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
        </svg>
        Lines
      </button>
    </span>
  );
}
