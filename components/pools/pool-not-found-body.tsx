'use client';
import { usePathname } from 'next/navigation';
import { parsePoolRef } from '@/lib/contracts/pool-ref-check';
import { Panel } from '@/components/ui/panel';
import { PageHeader } from '@/components/ui/page-header';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A 404 that says which of the two it is: an address that cannot be a pool on that chain, or a
 * well-formed one the price service does not know (the seed's `data: null`).
 */
export function PoolNotFoundBody() {
  const [, , type = '', id = '', address = ''] = usePathname().split('/');
  const parsed = parsePoolRef(type, id, address);
  const what = decode(address);
  return (
    <>
      <PageHeader title={parsed.ok ? 'Pool not found' : 'Invalid pool address'} />
      <Panel>
        <EmptyState
          title={
            parsed.ok
              ? `No pool ${what} exists on ${parsed.ref.chainType.toUpperCase()} chain ${parsed.ref.chainId}.`
              : parsed.reason
          }
          action={<ButtonLink href="/pools">Open a pool</ButtonLink>}
        >
          {parsed.ok
            ? 'Check the chain and the address, or open one of the known pools.'
            : `"${what}" cannot be a pool address on ${decode(type)}: check it, or open one of the known pools.`}
        </EmptyState>
      </Panel>
    </>
  );
}
