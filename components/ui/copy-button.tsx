'use client';
import { clsx } from 'clsx';
import { useState } from 'react';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';

/** `name` replaces the accessible name (`{label} {value}` by default), for values too long to be read out. */
export function CopyButton({
  value,
  label = 'Copy',
  name,
  className = '',
}: {
  value: string;
  label?: string;
  name?: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      aria-label={copied ? 'Copied' : (name ?? `${label} ${value}`)}
      title={copied ? 'Copied' : label}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void navigator.clipboard?.writeText(value).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1200);
          },
          () => undefined,
        );
      }}
      className={clsx(
        'inline-grid h-5 w-5 shrink-0 place-items-center rounded text-faint hover:bg-raised hover:text-text',
        className,
      )}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}
