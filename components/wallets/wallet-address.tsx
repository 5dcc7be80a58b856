'use client';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Address } from '@/components/ui/address';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useLabel } from '@/lib/features/wallets/labels';

/**
 * An address with the label this browser gave it (the address stays in the tooltip, with copy).
 * Every other prop is the `Address` it draws.
 */
export function WalletAddress({
  value,
  className,
  ...address
}: Omit<ComponentProps<typeof Address>, 'value' | 'label'> & { value: string | null | undefined }) {
  const hydrated = useHydrated();
  const label = useLabel(value);
  if (!value) return <span className="text-muted">—</span>;
  return (
    <Address
      {...address}
      value={value}
      label={hydrated && label ? label : undefined}
      className={clsx(hydrated && label && 'font-medium text-text', className)}
    />
  );
}
