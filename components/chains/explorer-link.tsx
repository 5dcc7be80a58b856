import { safeHttpUrl } from '@/lib/core/safe-url';

/** An explorer URL as an external link (new tab, no opener), shown by its host; http(s) only. */
export function ExplorerLink({ url: raw, name }: { url: string | undefined; name: string }) {
  const url = safeHttpUrl(raw);
  if (!url) return <span className="text-faint">—</span>;
  let host = url;
  try {
    host = new URL(url).host + new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return (
      <span className="text-faint" title={url}>
        —
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${name} block explorer ${host} (opens in a new tab)`}
      className="inline-flex items-center gap-1 text-muted hover:text-accent hover:underline"
    >
      {host}
      <svg
        width="10"
        height="10"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        aria-hidden
      >
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
    </a>
  );
}
