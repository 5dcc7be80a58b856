import { safeHttpUrl } from '@/lib/core/safe-url';
import { ExternalIcon } from '@/components/ui/icons';

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
      <ExternalIcon size={10} strokeWidth={2.2} />
    </a>
  );
}
