'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, type ReactNode } from 'react';
import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Flash } from '@/components/ui/flash';
import { Freshness } from '@/components/ui/freshness';
import { Panel } from '@/components/ui/panel';
import { TokenIcon } from '@/components/ui/token-icon';
import {
  formatCompact,
  formatPercent,
  formatPrice,
  formatSupply,
  toBig,
  USD,
} from '@/lib/format/number';
import { formatAge } from '@/lib/format/text';
import { useFiat } from '@/lib/hooks/use-fiat';
import { useNow } from '@/lib/hooks/use-now';
import { poolPath } from '@/lib/pools/ref';
import { dexName } from '@/lib/pools/summary';
import { quotesQuery } from '@/lib/queries/price';
import { contractQuotesQuery, type ContractRef } from '@/lib/queries/tokens';
import { tokenExplorerUrl, type TokenPool } from '@/lib/tokens/platforms';
import type {
  ChainItem,
  QuoteBatchItem,
  TokenDetailItem,
  TokenItem,
} from '@/lib/upstream/price/schema';

const compareDecimal = (a: string, b: string) => {
  const x = toBig(a);
  const y = toBig(b);
  return x && y ? x.cmp(y) : 0;
};

function changeTone(text: string): string {
  return text.startsWith('+') ? 'text-up' : text.startsWith('-') ? 'text-down' : 'text-muted';
}

function Stat({ label, children, title }: { label: string; children: ReactNode; title?: string }) {
  return (
    <div className="min-w-0 px-3 py-2" title={title}>
      <dt className="text-2xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="num mt-0.5 truncate text-[13px] font-medium text-text">{children}</dd>
    </div>
  );
}

const EXTERNAL: Record<string, (id: string) => string | null> = {
  coingecko: (id) => `https://www.coingecko.com/en/coins/${encodeURIComponent(id)}`,
  coinmarketcap: (id) =>
    /^\d+$/.test(id) ? null : `https://coinmarketcap.com/currencies/${encodeURIComponent(id)}/`,
};

/** The token page: details, the live quote in the display fiat, every chain's record, its pools. */
export function TokenView({
  token,
  platforms,
  chains,
  pools,
}: {
  token: TokenDetailItem;
  platforms: TokenItem[];
  chains: ChainItem[];
  pools: TokenPool[];
}) {
  const { code, format } = useFiat();
  const queryClient = useQueryClient();
  const quote = useQuery(quotesQuery([token.id], code));
  const q = quote.data?.find((x) => x.token_id === token.id);
  const chainOf = useMemo(() => new Map(chains.map((c) => [c.id, c])), [chains]);
  const chain = chainOf.get(token.chain_id);
  const stale = quote.isError && quote.errorUpdatedAt >= quote.dataUpdatedAt;
  const maxSupply = q?.max_supply ?? token.max_supply;

  const refs: ContractRef[] = useMemo(
    () =>
      platforms.flatMap((p) => {
        const c = chainOf.get(p.chain_id);
        if (!p.contract_address || !c?.chain_type) return [];
        return [
          {
            chain_type: c.chain_type,
            chain_id: c.chain_id ?? null,
            token_address: p.contract_address,
          },
        ];
      }),
    [platforms, chainOf],
  );
  const batch = useQuery(contractQuotesQuery(refs));

  return (
    <div className="space-y-3">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <TokenIcon src={token.logo_url} symbol={token.symbol} size={40} />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold tracking-tight">
              {token.name}{' '}
              <span className="text-[14px] font-medium text-muted">{token.symbol}</span>
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-1.5 text-[12px] text-muted">
              <span className="inline-flex items-center gap-1">
                <TokenIcon
                  src={chain?.chain_icon_url}
                  symbol={chain?.short_name ?? token.chain_name}
                  size={14}
                />
                {token.chain_name}
              </span>
              <Badge tone={token.is_native ? 'accent' : 'neutral'}>
                {token.is_native ? 'Native' : 'Contract'}
              </Badge>
              <Badge>{token.decimals} decimals</Badge>
              {token.contract_address && (
                <Address
                  value={token.contract_address}
                  href={tokenExplorerUrl(chain, token) ?? undefined}
                  external
                />
              )}
            </div>
          </div>
        </div>
        <div className="text-right">
          <div className="num text-2xl font-semibold tracking-tight" data-testid="token-price">
            {q ? (
              <Flash key={code} value={q.price} compare={compareDecimal} className="px-1">
                {formatPrice(q.price, format)}
              </Flash>
            ) : (
              <span className="skeleton inline-block h-7 w-36 align-middle" />
            )}
          </div>
          <div className="mt-1 flex items-center justify-end gap-2">
            {q && (
              <span
                className={`num text-[13px] font-medium ${changeTone(formatPercent(q.percent_change_24h))}`}
              >
                {formatPercent(q.percent_change_24h)} 24h
              </span>
            )}
            <Freshness
              updatedAt={quote.dataUpdatedAt || null}
              stale={stale}
              onRetry={() => void queryClient.refetchQueries({ queryKey: ['price', 'quotes'] })}
            />
          </div>
        </div>
      </header>

      <Panel>
        <dl className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-6">
          {(
            [
              'percent_change_1h',
              'percent_change_24h',
              'percent_change_7d',
              'percent_change_30d',
            ] as const
          ).map((key) => {
            const text = q ? formatPercent(q[key]) : null;
            return (
              <Stat key={key} label={key.replace('percent_change_', '') + ' change'}>
                {text ? (
                  <span className={changeTone(text)}>{text}</span>
                ) : (
                  <span className="skeleton inline-block h-3 w-14" />
                )}
              </Stat>
            );
          })}
          <Stat label="Market cap">
            {q ? (
              formatCompact(q.market_cap, format)
            ) : (
              <span className="skeleton inline-block h-3 w-16" />
            )}
          </Stat>
          <Stat
            label="Volume 24h"
            title={q ? `Volume change 24h ${formatPercent(q.volume_change_24h)}` : undefined}
          >
            {q ? (
              <>
                {formatCompact(q.volume_24h, format)}{' '}
                <span className={`text-2xs ${changeTone(formatPercent(q.volume_change_24h))}`}>
                  {formatPercent(q.volume_change_24h)}
                </span>
              </>
            ) : (
              <span className="skeleton inline-block h-3 w-16" />
            )}
          </Stat>
          <Stat label="FDV">
            {q ? (
              formatCompact(q.fully_diluted_valuation, format)
            ) : (
              <span className="skeleton inline-block h-3 w-16" />
            )}
          </Stat>
          <Stat label="Circulating">
            {formatSupply(q?.circulating_supply ?? token.circulating_supply)}
          </Stat>
          <Stat label="Total supply">{formatSupply(q?.total_supply ?? token.total_supply)}</Stat>
          <Stat
            label="Max supply"
            title={
              maxSupply ? undefined : 'The price service gives no maximum supply for this token'
            }
          >
            {maxSupply && toBig(maxSupply)?.gt(0) ? formatSupply(maxSupply) : 'No cap given'}
          </Stat>
          <Stat label="Token id">{token.id}</Stat>
          <Stat label="Decimals">{token.decimals}</Stat>
        </dl>
      </Panel>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel
          title={`On ${platforms.length} chain${platforms.length === 1 ? '' : 's'}`}
          actions={
            batch.dataUpdatedAt ? (
              <span className="text-2xs text-muted">contract quotes in USD</span>
            ) : null
          }
        >
          <Platforms
            token={token}
            platforms={platforms}
            chainOf={chainOf}
            batch={batch.data}
            batchLoading={batch.isPending && refs.length > 0}
            batchError={batch.isError ? batch.error.message : null}
          />
        </Panel>
        <div className="space-y-3">
          <Panel title="Pools">
            {pools.length === 0 ? (
              <EmptyState
                title={`No featured pool trades ${token.symbol}.`}
                action={
                  <Link
                    href="/pools"
                    className="text-[13px] font-medium text-accent hover:underline"
                  >
                    Open any pool
                  </Link>
                }
              />
            ) : (
              <ul className="divide-y divide-border/60">
                {pools.map(({ ref, pool, side }) => (
                  <li key={poolPath(ref)}>
                    <Link
                      href={poolPath(ref)}
                      className="flex items-center justify-between gap-2 px-3 py-2 text-[13px] hover:bg-raised"
                      data-testid="token-pool"
                    >
                      <span className="min-w-0 truncate">
                        <span className="font-medium">{pool.name}</span>{' '}
                        <span className="text-muted">· {dexName(pool.dex)}</span>
                      </span>
                      <span className="num shrink-0 text-2xs text-muted">
                        {side} · liq. {formatCompact(pool.reserve_in_usd, USD)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="External ids">
            {token.external_ids.length === 0 ? (
              <p className="px-3 py-3 text-[12px] text-muted">
                The price service lists no external id for this token.
              </p>
            ) : (
              <dl className="divide-y divide-border/60 text-[13px]">
                {token.external_ids.map((e) => {
                  const href = EXTERNAL[e.source.toLowerCase()]?.(e.external_id) ?? null;
                  return (
                    <div
                      key={`${e.source}:${e.external_id}`}
                      className="flex items-center justify-between gap-2 px-3 py-2"
                    >
                      <dt className="text-muted">{e.source}</dt>
                      <dd className="min-w-0 truncate font-mono text-[12px]">
                        {href ? (
                          <a
                            href={href}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="hover:text-accent hover:underline"
                          >
                            {e.external_id}
                          </a>
                        ) : (
                          e.external_id
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

function Platforms({
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
      <table className="num w-full min-w-[640px] text-[13px]">
        <thead className="text-2xs uppercase tracking-wide text-muted">
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Chain
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Contract
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Decimals
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Price (USD)
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              24h
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Updated
            </th>
          </tr>
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
                className={`h-9 border-b border-border/60 last:border-0 ${p.id === token.id ? 'bg-raised/50' : ''}`}
                data-testid="platform-row"
              >
                <td className="px-3">
                  <Link
                    href={`/tokens/${p.id}`}
                    className="inline-flex items-center gap-1.5 hover:underline"
                    aria-current={p.id === token.id ? 'page' : undefined}
                  >
                    <TokenIcon
                      src={c?.chain_icon_url}
                      symbol={c?.short_name ?? p.chain_name}
                      size={16}
                    />
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
                <td className={`px-3 text-right ${change ? changeTone(change) : ''}`}>
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
        <p className="border-t border-border px-3 py-2 text-[12px] text-muted">
          Contract quotes are unavailable: {batchError}
        </p>
      )}
    </div>
  );
}
