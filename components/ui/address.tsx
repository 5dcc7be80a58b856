import { clsx } from 'clsx';
import { shorten } from '@/lib/core/format/text';
import { CopyButton } from './copy-button';

/**
 * An address or hash: monospace, shortened in the middle (0x88e6…5640), the whole value in the
 * tooltip, and a copy button. `href` makes the short form a link (an explorer, a page of ours).
 */
export function Address({
  value,
  href,
  label,
  head = 6,
  tail = 4,
  copy = true,
  external = false,
  className = '',
}: {
  value: string;
  href?: string;
  /** a user label shown instead of the short form (the address stays in the tooltip) */
  label?: string;
  head?: number;
  tail?: number;
  copy?: boolean;
  external?: boolean;
  className?: string;
}) {
  const text = label ?? shorten(value, head, tail);
  // A long label gives way with an ellipsis; the tooltip has it whole, with the address.
  const title = label ? `${label} · ${value}` : value;
  const body = href ? (
    <a
      href={href}
      title={title}
      className="min-w-0 truncate hover:text-accent hover:underline"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {text}
    </a>
  ) : (
    <span title={title} className="min-w-0 truncate">
      {text}
    </span>
  );
  return (
    <span
      className={clsx(
        'inline-flex min-w-0 max-w-full items-center gap-1',
        !label && 'font-mono text-12',
        className,
      )}
    >
      {body}
      {copy && <CopyButton value={value} label="Copy" />}
    </span>
  );
}
