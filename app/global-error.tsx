'use client';
/**
 * The last resort when the root layout itself fails: one sentence and a way out, in the app's colours
 * (Next's default error page is unstyled). Small on purpose: every page, the embedded widget too,
 * downloads it.
 */
export default function GlobalError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en" data-theme="dark">
      <body
        style={{
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          background: '#0b0e14',
          color: '#e7eaf0',
          font: '13px system-ui, sans-serif',
        }}
      >
        <div role="alert" style={{ textAlign: 'center', padding: 16 }}>
          <p style={{ fontWeight: 600 }}>Something went wrong on this page.</p>
          <p style={{ color: '#8b93a6' }}>Try again; if it keeps happening, reload the page.</p>
          <button
            type="button"
            onClick={reset}
            style={{
              marginTop: 8,
              padding: '6px 12px',
              borderRadius: 4,
              border: '1px solid #222936',
              background: '#171c26',
              color: 'inherit',
              cursor: 'pointer',
            }}
          >
            Try again
          </button>
        </div>
      </body>
    </html>
  );
}
