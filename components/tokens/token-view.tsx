'use client';
import { clsx } from 'clsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useMemo, type ReactNode } from 'react';
import { Address } from '@/components/ui/address';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Flash } from '@/components/ui/flash';
import { Freshness } from '@/components/ui/freshness';
import { Panel } from '@/components/ui/panel';
import { ChainIcon, TokenIcon } from '@/components/ui/token-icon';
import {
  formatCompact,
  formatPercent,
  formatPrice,
  formatSupply,
  toBig,
} from '@/lib/core/format/number';
import { compareDecimal } from '@/lib/features/fiats/compare';
import { useFiat } from '@/lib/features/fiats/use-fiat';
import { useMoney } from '@/lib/features/fiats/use-money';
import { poolPath } from '@/lib/contracts/pool-ref';
import { dexName } from '@/lib/features/pools/summary';
import { priceKeys, quotesQuery } from '@/lib/client/queries/price';
import { contractQuotesQuery, type ContractRef } from '@/lib/features/tokens/queries';
import { chartPools, tokenExplorerUrl, type TokenPool } from '@/lib/features/tokens/platforms';
import type { ChainItem, TokenDetailItem, TokenItem } from '@/lib/contracts/price/schema';
import { Platforms } from './token-platforms';

// The chart library loads with the chart, after the page: the token's figures paint without it.
const TokenChart = dynamic(() => import('./token-chart'), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

function ChartSkeleton() {
  return (
    <div aria-hidden>
      <div className="flex h-[41px] items-center border-b border-border px-3">
        <span className="skeleton inline-block h-3 w-72" />
      </div>
      <div className="h-[320px] p-3 sm:h-[400px]">
        <span className="skeleton block h-full w-full opacity-60" />
      </div>
    </div>
  );
}

function changeTone(text: string): string {
  return text.startsWith('+') ? 'text-up' : text.startsWith('-') ? 'text-down' : 'text-muted';
}

function Stat({
  label,
  children,
  title,
  loading = false,
  skeleton = 'w-16',
}: {
  label: string;
  children: ReactNode;
  title?: string;
  /** the quote is not in yet: a placeholder of the figure's width stands in */
  loading?: boolean;
  skeleton?: 'w-14' | 'w-16';
}) {
  return (
    <div className="min-w-0 px-3 py-2" title={title}>
      <dt className="text-2xs uppercase tracking-wide text-muted">{label}</dt>
      <dd className="num mt-0.5 truncate text-13 font-medium text-text">
        {loading ? <span className={clsx('skeleton inline-block h-3', skeleton)} /> : children}
      </dd>
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
  const money = useMoney();
  const charted = useMemo(() => {
    const chainName = (p: TokenPool) =>
      chains.find((c) => c.chain_type === p.ref.chainType && c.chain_id === p.ref.chainId)?.name ??
      `${p.ref.chainType} ${p.ref.chainId}`;
    return chartPools(pools).map((p) => ({ ...p, chainName: chainName(p) }));
  }, [pools, chains]);
  const wrappedToo = token.is_native ? ' or its wrapped form' : '';

  return (
    <div className="space-y-3">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <TokenIcon src={token.logo_url} symbol={token.symbol} size={40} />
          <div className="min-w-0">
            <h1 className="flex flex-wrap items-baseline gap-x-2 text-lg font-semibold tracking-tight">
              {token.name} <span className="text-14 font-medium text-muted">{token.symbol}</span>
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-1.5 text-12 text-muted">
              <span className="inline-flex items-center gap-1">
                <ChainIcon chain={chain} name={token.chain_name} size={14} />
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
        <div className="sm:text-right">
          <div className="num text-2xl font-semibold tracking-tight" data-testid="token-price">
            {q ? (
              <Flash key={code} value={q.price} compare={compareDecimal} className="px-1">
                {formatPrice(q.price, format)}
              </Flash>
            ) : (
              <span className="skeleton inline-block h-7 w-36 align-middle" />
            )}
          </div>
          <div className="mt-1 flex items-center gap-2 sm:justify-end">
            {q && (
              <span
                className={clsx(
                  'num text-13 font-medium',
                  changeTone(formatPercent(q.percent_change_24h)),
                )}
              >
                {formatPercent(q.percent_change_24h)} 24h
              </span>
            )}
            <Freshness
              updatedAt={quote.dataUpdatedAt || null}
              stale={stale}
              onRetry={() => void queryClient.refetchQueries({ queryKey: priceKeys.quotes })}
            />
          </div>
          <p
            className="mt-0.5 text-2xs uppercase tracking-wide text-muted"
            title="The price service's market quote for this token. A pool's price (the chart below, pool pages) is one market's and can differ."
            data-testid="token-price-source"
          >
            Market quote · price service
          </p>
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
            const text = q && formatPercent(q[key]);
            return (
              <Stat
                key={key}
                label={key.replace('percent_change_', '') + ' change'}
                loading={!text}
                skeleton="w-14"
              >
                {text && <span className={changeTone(text)}>{text}</span>}
              </Stat>
            );
          })}
          <Stat label="Market cap" loading={!q}>
            {q && formatCompact(q.market_cap, format)}
          </Stat>
          <Stat
            label="Volume 24h"
            title={q ? `Volume change 24h ${formatPercent(q.volume_change_24h)}` : undefined}
            loading={!q}
          >
            {q && (
              <>
                {formatCompact(q.volume_24h, format)}{' '}
                <span className={clsx('text-2xs', changeTone(formatPercent(q.volume_change_24h)))}>
                  {formatPercent(q.volume_change_24h)}
                </span>
              </>
            )}
          </Stat>
          <Stat label="FDV" loading={!q}>
            {q && formatCompact(q.fully_diluted_valuation, format)}
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

      <Panel title="Price chart">
        {charted.length > 0 ? (
          <TokenChart pools={charted} symbol={token.symbol} />
        ) : pools.length > 0 ? (
          <EmptyState
            title={`${token.symbol} is the quote token of its featured pools: their candles price the other token.`}
            action={
              <Link
                href={poolPath(pools[0]!.ref)}
                className="text-13 font-medium text-accent hover:underline"
              >
                Open {pools[0]!.pool.name}
              </Link>
            }
          />
        ) : (
          <EmptyState
            title={`No featured pool trades ${token.symbol}${wrappedToo}: there are no candles to chart.`}
            action={
              <Link href="/pools" className="text-13 font-medium text-accent hover:underline">
                Open any pool
              </Link>
            }
          />
        )}
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
                title={`No featured pool trades ${token.symbol}${wrappedToo}.`}
                action={
                  <Link href="/pools" className="text-13 font-medium text-accent hover:underline">
                    Open any pool
                  </Link>
                }
              />
            ) : (
              <ul className="divide-y divide-border/60">
                {pools.map(({ ref, pool, side, via }) => (
                  <li key={poolPath(ref)}>
                    <Link
                      href={poolPath(ref)}
                      className="flex items-center justify-between gap-2 px-3 py-2 text-13 hover:bg-raised"
                      data-testid="token-pool"
                    >
                      <span className="min-w-0 truncate">
                        <span className="font-medium">{pool.name}</span>{' '}
                        <span className="text-muted">· {dexName(pool.dex)}</span>
                      </span>
                      <span className="num shrink-0 text-2xs text-muted">
                        {side}
                        {via ? ` · via ${via}` : ''} · liq.{' '}
                        {formatCompact(money.of(pool.reserve_in_usd), money.format)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="External ids">
            {token.external_ids.length === 0 ? (
              <p className="px-3 py-3 text-12 text-muted">
                The price service lists no external id for this token.
              </p>
            ) : (
              <dl className="divide-y divide-border/60 text-13">
                {token.external_ids.map((e) => {
                  const href = EXTERNAL[e.source.toLowerCase()]?.(e.external_id) ?? null;
                  return (
                    <div
                      key={`${e.source}:${e.external_id}`}
                      className="flex items-center justify-between gap-2 px-3 py-2"
                    >
                      <dt className="text-muted">{e.source}</dt>
                      <dd className="min-w-0 truncate font-mono text-12">
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
