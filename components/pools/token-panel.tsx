'use client';
import { useQuery } from '@tanstack/react-query';
import { formatCompact, formatSupply } from '@/lib/core/format/number';
import { useMoney } from '@/lib/features/fiats/use-money';
import type { Explorer } from '@/lib/features/chains/explorer';
import { coinQuery, topHoldersQuery } from '@/lib/features/pools/queries';
import type { PoolObject } from '@/lib/contracts/price/schema';
import { Address } from '@/components/ui/address';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { Segmented } from '@/components/ui/segmented';
import { Skeleton } from '@/components/ui/skeleton';
import { TokenIcon } from '@/components/ui/token-icon';
import { HeadRow, type HeadColumn } from '@/components/ui/head-row';
import { safeHttpUrl } from '@/lib/core/safe-url';

/**
 * One of the pool's two tokens: its metadata and its top holders (the kline service's market
 * look-ups, keyed by the pool's `network`).
 */
const HOLDER_COLUMNS: readonly HeadColumn[] = [
  ['#', 'px-3 text-left'],
  ['Holder', 'px-1 text-left'],
  ['Share', 'px-1 text-right'],
  ['Value', 'px-3 text-right'],
];

export function TokenPanel({
  pool,
  side,
  onSide,
  explorer,
}: {
  pool: PoolObject | null;
  side: 'base' | 'quote';
  onSide: (side: 'base' | 'quote') => void;
  explorer: Explorer | null;
}) {
  const token = pool ? (side === 'base' ? pool.base_token : pool.quote_token) : null;
  const network = pool?.network ?? '';
  const coin = useQuery({ ...coinQuery(network, token?.address ?? ''), enabled: !!token });
  const options = pool
    ? [
        { value: 'base' as const, label: pool.base_token.symbol },
        { value: 'quote' as const, label: pool.quote_token.symbol },
      ]
    : [
        { value: 'base' as const, label: 'Base' },
        { value: 'quote' as const, label: 'Quote' },
      ];

  return (
    <Panel
      title="Token"
      actions={
        <Segmented label="Token" options={options} value={side} onChange={onSide} size="sm" />
      }
    >
      <div className="border-b border-border px-3 py-2.5">
        {coin.isError ? (
          <p className="text-12 text-muted">
            Token details are unavailable: {coin.error.message}{' '}
            <button
              type="button"
              className="font-medium text-accent hover:underline"
              onClick={() => void coin.refetch()}
            >
              Retry
            </button>
          </p>
        ) : (
          <>
            <div className="flex items-center gap-2">
              {token ? (
                <TokenIcon
                  src={coin.data?.image_url ?? token.image_url}
                  symbol={token.symbol}
                  size={24}
                />
              ) : (
                <Skeleton width={24} height={24} />
              )}
              <div className="min-w-0">
                <div className="truncate text-13 font-semibold">
                  {coin.data?.name ?? token?.name ?? <Skeleton width={100} />}
                </div>
                <div className="text-2xs text-muted">
                  {coin.data ? (
                    `${coin.data.symbol} · ${coin.data.decimals} decimals`
                  ) : (
                    <Skeleton width={90} height={10} />
                  )}
                </div>
              </div>
            </div>
            {token && (
              <div className="mt-2 flex items-center gap-2 text-12 text-muted">
                <span>Contract</span>
                <Address value={token.address} href={explorer?.token(token.address)} external />
              </div>
            )}
            {coin.data?.description && (
              <p className="mt-2 text-12 leading-relaxed text-muted">{coin.data.description}</p>
            )}
            {coin.data && websites(coin.data.websites).length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-12">
                {websites(coin.data.websites).map((url) => (
                  <li key={url}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-accent hover:underline"
                    >
                      {url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <TopHolders network={network} token={token} explorer={explorer} />
    </Panel>
  );
}

/** The token's top holders: rank, holder (by its label when known), share and value. */
function TopHolders({
  network,
  token,
  explorer,
}: {
  network: string;
  token: PoolObject['base_token'] | null;
  explorer: Explorer | null;
}) {
  const money = useMoney();
  const holders = useQuery({ ...topHoldersQuery(network, token?.address ?? ''), enabled: !!token });
  return (
    <>
      <h3 className="px-3 pb-1 pt-2.5 text-2xs font-semibold uppercase tracking-wide text-muted">
        Top holders
      </h3>
      {holders.isError ? (
        <LoadError
          title="The top holders could not be loaded."
          onRetry={() => void holders.refetch()}
          size="sm"
        >
          {holders.error.message}
        </LoadError>
      ) : holders.data && holders.data.length === 0 ? (
        <EmptyState title="No holder data for this token." />
      ) : (
        <div className="max-h-[420px] overflow-auto">
          <table
            className="num w-full text-12"
            aria-label={`Top holders of ${token?.symbol ?? 'the token'}`}
          >
            <thead className="sticky top-0 bg-panel text-2xs uppercase tracking-wide text-muted">
              <HeadRow head="py-1.5 font-medium" columns={HOLDER_COLUMNS} />
            </thead>
            <tbody>
              {(holders.data ?? Array.from({ length: 8 }, () => null)).map((h, i) =>
                h ? (
                  <tr key={h.address} className="h-8 border-t border-border/60">
                    <td className="px-3 text-muted">{h.rank}</td>
                    <td className="whitespace-nowrap px-1">
                      {/* A known holder reads by its label; the address stays in the tooltip and the copy button. */}
                      <Address
                        value={h.address}
                        label={h.label ?? undefined}
                        href={explorer?.address(h.address)}
                        external
                        head={6}
                        tail={4}
                      />
                    </td>
                    <td
                      className="px-1 text-right"
                      title={`${formatSupply(h.amount)} ${token?.symbol ?? ''}`}
                    >
                      <div className="flex items-center justify-end gap-1.5">
                        <span
                          className="hidden h-1 w-10 overflow-hidden rounded-full bg-raised sm:inline-block"
                          aria-hidden
                        >
                          <span
                            className="block h-full bg-accent"
                            style={{ width: `${Math.min(100, Number(h.percentage))}%` }}
                          />
                        </span>
                        {Number(h.percentage).toFixed(2)}%
                      </div>
                    </td>
                    <td className="px-3 text-right">
                      {formatCompact(money.of(h.value_usd), money.format)}
                    </td>
                  </tr>
                ) : (
                  <tr key={`s${i}`} className="h-8 border-t border-border/60">
                    <td className="px-3" colSpan={4}>
                      <Skeleton width="100%" />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Upstream links are rendered only when they are http(s). */
function websites(list: readonly string[]): string[] {
  return list.map(safeHttpUrl).filter((u): u is string => u !== null);
}
