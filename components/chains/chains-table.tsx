import { clsx } from 'clsx';
import Link from 'next/link';
import type { ChainItem } from '@/lib/contracts/price/schema';
import { TokenIcon } from '@/components/ui/token-icon';
import { HeadRow, type HeadColumn } from '@/components/ui/head-row';
import { TableArrowNav } from '@/components/pools/table-arrow-nav';
import { ChainTypeBadge } from './chain-type-badge';
import { ExplorerLink } from './explorer-link';

const cell = 'h-10 border-b border-border/60 px-3';
const COLUMNS: readonly HeadColumn[] = [
  ['Chain', 'sticky left-0 z-10 text-left'],
  ['Short name', 'text-left'],
  ['Type', 'text-left'],
  ['Chain ID', 'text-right'],
  ['Internal ID', 'text-right'],
  ['Explorer', 'text-left'],
];

/** The chains of the price service (the page renders it with the list loaded, on the server). */
export function ChainsTable({ chains }: { chains: ChainItem[] }) {
  return (
    <TableArrowNav className="overflow-x-auto">
      <table
        className="num w-full min-w-[720px] border-separate border-spacing-0 whitespace-nowrap text-13"
        aria-label="Chains"
      >
        <thead className="sticky top-0 z-20 text-2xs uppercase tracking-wide text-muted">
          <HeadRow head="bg-panel px-3 py-2 font-medium" columns={COLUMNS} />
        </thead>
        <tbody>
          {chains.map((c) => (
            <tr key={c.id} className="group hover:bg-raised/50" data-testid="chain-row">
              <td className={clsx(cell, 'sticky left-0 bg-panel group-hover:bg-raised')}>
                <Link
                  href={`/chains/${c.id}`}
                  className="flex items-center gap-2 font-medium hover:text-accent"
                >
                  <TokenIcon src={c.chain_icon_url} symbol={c.short_name || c.name} size={20} />
                  {c.name}
                </Link>
              </td>
              <td className={clsx(cell, 'text-muted')}>{c.short_name}</td>
              <td className={cell}>
                <ChainTypeBadge type={c.chain_type} />
              </td>
              <td className={clsx(cell, 'text-right')}>
                {c.chain_id ?? <span className="text-faint">—</span>}
              </td>
              <td className={clsx(cell, 'text-right text-muted')}>{c.id}</td>
              <td className={cell}>
                <ExplorerLink url={c.explorer_url} name={c.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableArrowNav>
  );
}
