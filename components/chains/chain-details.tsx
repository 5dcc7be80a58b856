import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { ChainItem } from '@/lib/contracts/price/schema';
import { Panel } from '@/components/ui/panel';
import { ChainTypeBadge } from './chain-type-badge';
import { ExplorerLink } from './explorer-link';

/** The chain record as label/value pairs: every field of the seed's chain item. */
export function ChainDetails({ chain }: { chain: ChainItem }) {
  return (
    <Panel title="Chain">
      <dl
        className="num grid grid-cols-2 gap-px bg-border sm:grid-cols-3 lg:grid-cols-5"
        data-testid="chain-details"
      >
        <Item label="Name">{chain.name}</Item>
        <Item label="Short name">{chain.short_name}</Item>
        <Item label="Type">
          <ChainTypeBadge type={chain.chain_type} />
        </Item>
        <Item label="Protocol chain ID">
          {chain.chain_id ?? <span className="text-faint">—</span>}
        </Item>
        <Item label="Internal ID">{chain.id}</Item>
        <Item label="Explorer" wide>
          <ExplorerLink url={chain.explorer_url} name={chain.name} />
        </Item>
      </dl>
    </Panel>
  );
}

function Item({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={clsx('bg-panel px-3 py-2', wide && 'col-span-2 sm:col-span-3 lg:col-span-5')}>
      <dt className="text-2xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 truncate text-13">{children}</dd>
    </div>
  );
}
