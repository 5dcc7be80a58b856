'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { compareDecimal } from '@/lib/features/fiats/compare';
import { formatCompact, formatPrice } from '@/lib/core/format/number';
import { useFiat } from '@/lib/features/fiats/use-fiat';
import { nativeTokenQuery } from '@/lib/features/chains/queries';
import { quotesQuery } from '@/lib/client/queries/price';
import { Change } from '@/components/ui/change';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Flash } from '@/components/ui/flash';
import { QueryFreshness } from '@/components/ui/query-freshness';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { TokenIcon } from '@/components/ui/token-icon';

const NO_IDS: number[] = [];

/** The chain's native token (`tokens?chain_id=`) with its live quote in the display fiat (3 s). */
export function NativeToken({ chainId, chainName }: { chainId: number; chainName: string }) {
  const fiat = useFiat();
  const token = useQuery(nativeTokenQuery(chainId));
  const t = token.data ?? null;
  const quotes = useQuery(quotesQuery(t ? [t.id] : NO_IDS, fiat.code));
  const q = quotes.data?.find((x) => x.token_id === t?.id);

  const freshness = t && <QueryFreshness query={quotes} />;

  return (
    <Panel title="Native token" actions={freshness}>
      {token.isError ? (
        <LoadError
          title={`The native token could not be loaded: ${token.error.message}.`}
          onRetry={() => void token.refetch()}
        />
      ) : token.isSuccess && !t ? (
        <EmptyState title={`The price service has no native token for ${chainName}.`}>
          Its tokens are listed on the Markets page.
        </EmptyState>
      ) : (
        <div
          className="grid gap-x-6 gap-y-3 p-3 sm:grid-cols-[minmax(0,1.3fr)_repeat(3,minmax(0,1fr))]"
          data-testid="native-token"
        >
          <div className="flex min-w-0 items-center gap-3">
            {t ? (
              <TokenIcon src={t.logo_url} symbol={t.symbol} size={36} />
            ) : (
              <Skeleton width={36} height={36} className="!rounded-full" />
            )}
            <div className="min-w-0">
              {t ? (
                <Link
                  href={`/tokens/${t.id}`}
                  className="block truncate text-15 font-semibold hover:text-accent hover:underline"
                  data-testid="native-token-link"
                >
                  {t.symbol} <span className="font-normal text-muted">{t.name}</span>
                </Link>
              ) : (
                <Skeleton width={140} height={18} />
              )}
              <div className="mt-0.5 text-2xs text-muted">
                {t ? (
                  `Token #${t.id} · ${t.decimals} decimals · native on ${t.chain_name}`
                ) : (
                  <Skeleton width={180} height={10} />
                )}
              </div>
            </div>
          </div>
          <Figure label={`Price (${fiat.code})`}>
            {q ? (
              <Flash value={q.price} compare={compareDecimal}>
                <span className="text-15 font-semibold" data-testid="native-token-price">
                  {formatPrice(q.price, fiat.format)}
                </span>
              </Flash>
            ) : quotes.isError ? (
              <span className="text-12 text-down">{quotes.error.message}</span>
            ) : (
              <Skeleton width={90} height={18} />
            )}
          </Figure>
          <Figure label="24h">
            {q ? (
              <Change value={q.percent_change_24h} className="text-14" />
            ) : (
              <Skeleton width={60} height={16} />
            )}
          </Figure>
          <Figure label="Market cap">
            {q ? (
              <span className="text-14">{formatCompact(q.market_cap, fiat.format)}</span>
            ) : (
              <Skeleton width={70} height={16} />
            )}
          </Figure>
        </div>
      )}
    </Panel>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="num flex min-h-[40px] flex-col justify-center sm:items-end">
      <span className="text-2xs uppercase tracking-wide text-muted">{label}</span>
      <span className="mt-0.5 leading-5">{children}</span>
    </div>
  );
}
