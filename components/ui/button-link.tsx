import { clsx } from 'clsx';
import Link from 'next/link';
import type { ComponentProps } from 'react';

/** A link drawn as a secondary Button: where a page offers a way on (a 404's "back to…"), not an action. */
export function ButtonLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={clsx(
        'inline-flex h-8 items-center rounded border border-border bg-raised px-3 text-13 font-medium hover:bg-border',
        className,
      )}
      {...rest}
    />
  );
}
