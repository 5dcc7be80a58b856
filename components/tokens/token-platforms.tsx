'use client';
import { clsx } from 'clsx';
import Link from 'next/link';
import { Address } from '@/components/ui/address';
import { ChainIcon } from '@/components/ui/token-icon';
import { HeadRow, type HeadColumn } from '@/components/ui/head-row';
import { formatPercent, formatPrice, USD } from '@/lib/core/format/number';
import { formatAge } from '@/lib/core/format/text';
import { useNow } from '@/lib/client/hooks/use-now';
import { tokenExplorerUrl } from '@/lib/features/tokens/platforms';
import type {
  ChainItem,
  QuoteBatchItem,
  TokenDetailItem,
  TokenItem,
} from '@/lib/contracts/price/schema';

const COLUMNS: readonly HeadColumn[] = [
  ['Chain', 'text-left'],
  ['Contract', 'text-left'],
  ['Decimals', 'text-right'],
  ['Price (USD)', 'text-right'],
  ['24h', 'text-right'],
  ['Updated', 'text-right'],
];

function changeTone(text: string): string {
  return text.startsWith('+') ? 'text-up' : text.startsWith('-') ? 'text-down' : 'text-muted';
}

/** Every chain's record of the token, with explorer links and the contract quotes (in USD, as the seed gives them). */
export function Platforms({
  token,
  platforms,
  chainOf,
  batch,
  batchLoading,
  batchError,
}: {
  token: TokenDetailItem;
  platforms: TokenItem[];
  chainOf: ReadonlyMap<number, ChainItem>;
  batch: QuoteBatchItem[] | undefined;
  batchLoading: boolean;
  batchError: string | null;
}) {
  const now = useNow(5000);
  const quoteOf = (p: TokenItem) => {
    const c = chainOf.get(p.chain_id);
    const evm = c?.chain_type === 'evm';
    return batch?.find(
      (b) =>
        p.contract_address &&
        (evm
          ? b.address.toLowerCase() === p.contract_address.toLowerCase()
          : b.address === p.contract_address) &&
        (c?.chain_id === undefined || b.chain_id === c.chain_id),
    );
  };
  return (
    <div className="overflow-x-auto">
      <table className="num w-full min-w-[640px] text-13">
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <HeadRow className="border-b border-border" columns={COLUMNS} />
        </thead>
        <tbody>
          {platforms.map((p) => {
            const c = chainOf.get(p.chain_id);
            const explorer = tokenExplorerUrl(c, p);
            const b = quoteOf(p);
            const change = b ? formatPercent(String(b.percent_change_24h)) : null;
            const updated = b ? Date.parse(b.last_updated) : NaN;
            return (
              <tr
                key={p.id}
                className={clsx(
                  'h-9 border-b border-border/60 last:border-0',
                  p.id === token.id && 'bg-raised/50',
                )}
                data-testid="platform-row"
              >
                <td className="px-3">
                  <Link
                    href={`/tokens/${p.id}`}
                    className="inline-flex items-center gap-1.5 hover:underline"
                    aria-current={p.id === token.id ? 'page' : undefined}
                  >
                    <ChainIcon chain={c} name={p.chain_name} size={16} />
                    <span data-testid="platform-chain">{p.chain_name}</span>
                  </Link>
                </td>
                <td className="px-3">
                  {p.contract_address ? (
                    <Address value={p.contract_address} href={explorer ?? undefined} external />
                  ) : (
                    <span className="text-muted">
                      Native{' '}
                      {explorer && (
                        <a
                          href={explorer}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-accent hover:underline"
                        >
                          explorer
                        </a>
                      )}
                    </span>
                  )}
                </td>
                <td className="px-3 text-right text-muted">{p.decimals}</td>
                <td className="px-3 text-right">
                  {b ? (
                    formatPrice(String(b.price_usd), USD)
                  ) : p.contract_address && batchLoading ? (
                    <span className="skeleton inline-block h-3 w-14 align-middle" />
                  ) : (
                    <span className="text-faint">—</span>
                  )}
                </td>
                <td className={clsx('px-3 text-right', change && changeTone(change))}>
                  {change ?? <span className="text-faint">—</span>}
                </td>
                <td
                  className="px-3 text-right text-muted"
                  title={b ? new Date(updated).toISOString() : undefined}
                  data-testid="platform-updated"
                >
                  {b && Number.isFinite(updated) ? (
                    formatAge(now - updated)
                  ) : (
                    <span className="text-faint">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {batchError && (
        <p className="border-t border-border px-3 py-2 text-12 text-muted">
          Contract quotes are unavailable: {batchError}
        </p>
      )}
    </div>
  );
}
