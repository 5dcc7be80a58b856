import type { Metadata } from 'next';
import Link from 'next/link';
import { formatCompact, formatPrice, USD } from '@/lib/format/number';
import { featuredPools } from '@/lib/pools/featured';
import { poolPath, type PoolRef } from '@/lib/pools/ref';
import { listChains, lookupPool, type PoolLookup } from '@/lib/pools/server';
import { dexName } from '@/lib/pools/summary';
import type { ChainItem } from '@/lib/upstream/price/schema';
import { Change } from '@/components/ui/change';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { TokenIcon } from '@/components/ui/token-icon';
import { OpenPoolForm, type ChainOption } from '@/components/pools/open-pool-form';
import { RetryButton } from '@/components/pools/retry-button';
import { TableArrowNav } from '@/components/pools/table-arrow-nav';

export const metadata: Metadata = { title: 'Pools' };
export const dynamic = 'force-dynamic';

// Chains with pools are the ones with a protocol chain id; the tx-only Bitcoin has none to open.
function chainOptions(chains: ChainItem[] | null): ChainOption[] {
  const list = (chains ?? []).filter(
    (c) => c.chain_type && c.chain_id !== undefined && c.chain_type !== 'utxo',
  );
  if (list.length === 0) return [{ label: 'EVM chain 1 (Ethereum)', chainType: 'evm', chainId: 1 }];
  return list.map((c) => ({
    label: c.name,
    chainType: c.chain_type as string,
    chainId: c.chain_id as number,
  }));
}

export default async function PoolsPage() {
  const featured = featuredPools();
  const [chains, ...lookups] = await Promise.all([
    listChains(),
    ...featured.map((p) => lookupPool(p)),
  ]);
  const chainName = (ref: PoolRef) =>
    chains?.find((c) => c.chain_type === ref.chainType && c.chain_id === ref.chainId)?.name ??
    `${ref.chainType} ${ref.chainId}`;

  return (
    <>
      <PageHeader
        title="Pools"
        subtitle="DEX pools with live candle charts, trades and holders. Figures are the upstream's hourly snapshot; charts are live."
      />
      <Panel title="Open a pool" className="mb-3">
        <OpenPoolForm chains={chainOptions(chains)} />
      </Panel>
      <Panel title="Featured pools">
        <TableArrowNav className="overflow-x-auto">
          <table
            className="num w-full min-w-[760px] border-separate border-spacing-0 whitespace-nowrap text-[13px]"
            aria-label="Featured pools"
          >
            <thead className="text-2xs uppercase tracking-wide text-muted">
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 z-10 bg-panel px-3 py-2 text-left font-medium"
                >
                  Pool
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  DEX
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Network
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Price
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  24h
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Volume 24h
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Liquidity
                </th>
              </tr>
            </thead>
            <tbody>
              {featured.map((ref, i) => (
                <Row
                  key={poolPath(ref)}
                  pool={ref}
                  lookup={lookups[i] as PoolLookup}
                  network={chainName(ref)}
                />
              ))}
            </tbody>
          </table>
        </TableArrowNav>
        {featured.length === 0 && (
          <p className="p-4 text-center text-[12px] text-muted">
            No featured pools are configured (FEATURED_POOLS).
          </p>
        )}
      </Panel>
    </>
  );
}

function Row({ pool, lookup, network }: { pool: PoolRef; lookup: PoolLookup; network: string }) {
  const cell = 'h-10 border-b border-border/60 px-3';
  const href = poolPath(pool);
  if (lookup.kind !== 'found') {
    return (
      <tr>
        <td className={`${cell} sticky left-0 bg-panel`}>
          <Link href={href} className="font-mono text-[12px] hover:text-accent">
            {pool.address.slice(0, 10)}…
          </Link>
        </td>
        <td className={`${cell} text-muted`} colSpan={6}>
          {lookup.kind === 'missing'
            ? 'The upstream does not know this pool.'
            : `Figures unavailable: ${lookup.message}.`}{' '}
          {lookup.kind === 'error' && <RetryButton />}
        </td>
      </tr>
    );
  }
  const p = lookup.pool;
  return (
    <tr className="group hover:bg-raised/50">
      <td className={`${cell} sticky left-0 bg-panel group-hover:bg-raised`}>
        <Link href={href} className="flex items-center gap-2 hover:text-accent">
          <span className="flex shrink-0 -space-x-1.5">
            <TokenIcon src={p.base_token.image_url} symbol={p.base_token.symbol} size={20} />
            <TokenIcon
              src={p.quote_token.image_url}
              symbol={p.quote_token.symbol}
              size={20}
              className="ring-2 ring-[var(--panel)]"
            />
          </span>
          <span className="font-medium">
            {p.base_token.symbol}
            <span className="text-muted"> / {p.quote_token.symbol}</span>
          </span>
          <span className="hidden text-2xs text-muted md:inline">
            {p.name.replace(/^.*?(\d+(\.\d+)?%)?$/, '$1')}
          </span>
        </Link>
      </td>
      <td className={`${cell} text-muted`}>{dexName(p.dex)}</td>
      <td className={`${cell} text-muted`}>{network}</td>
      <td className={`${cell} text-right`}>{formatPrice(p.base_token_price_usd, USD)}</td>
      <td className={`${cell} text-right`}>
        <Change value={p.price_change_percentage.h24} />
      </td>
      <td className={`${cell} text-right`}>{formatCompact(p.volume_usd.h24, USD)}</td>
      <td className={`${cell} text-right`}>{formatCompact(p.reserve_in_usd, USD)}</td>
    </tr>
  );
}
