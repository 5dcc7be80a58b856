'use client';
import { clsx } from 'clsx';
import { Address } from '@/components/ui/address';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useLabel } from '@/lib/features/wallets/labels';

/** An address with the label this browser gave it (the address stays in the tooltip, with copy). */
export function WalletAddress({
  value,
  href,
  external,
  copy = true,
  head,
  tail,
  className,
}: {
  value: string | null | undefined;
  href?: string;
  external?: boolean;
  copy?: boolean;
  head?: number;
  tail?: number;
  className?: string;
}) {
  const hydrated = useHydrated();
  const label = useLabel(value);
  if (!value) return <span className="text-muted">—</span>;
  return (
    <Address
      value={value}
      href={href}
      external={external}
      copy={copy}
      head={head}
      tail={tail}
      label={hydrated && label ? label : undefined}
      className={clsx(hydrated && label && 'font-medium text-text', className)}
    />
  );
}
