'use client';
import { useState } from 'react';

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
      className={`inline-grid h-5 w-5 shrink-0 place-items-center rounded text-faint hover:bg-raised hover:text-text ${className}`}
    >
      {copied ? (
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden
        >
          <path d="M5 12l5 5L20 7" />
        </svg>
      ) : (
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden
        >
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h10" />
        </svg>
      )}
    </button>
  );
}
