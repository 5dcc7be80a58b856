'use client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/client/api';
import { formatAge } from '@/lib/core/format/text';
import { chainsQuery } from '@/lib/client/queries/price';
import { fetchTransaction, transactionQuery } from '@/lib/features/wallets/queries';
import { useNow } from '@/lib/client/hooks/use-now';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import { chainLabel, txChain } from '@/lib/features/wallets/chains';
import { findExplorer } from '@/lib/features/wallets/explorer';
import { kindOf } from '@/lib/features/wallets/feed';
import { WalletAddress } from '@/components/wallets/wallet-address';
import { EvmDetails, hasEvmFields } from './evm-details';
import { Instructions } from './instructions';
import { KV, KeyValues, None } from './kv';
import { TokenTransfers } from './token-transfers';
import { AmountText, ChainBadge, FeeText, StatusBadge } from './tx-cells';
import { TxTime } from './tx-time';
import { UtxoDetails } from './utxo-details';
import { formatCount } from '@/lib/core/format/number';

function Section({
  title,
  children,
  actions,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Panel title={title} actions={actions} className="mt-3">
      {children}
    </Panel>
  );
}

/**
 * Everything in TransactionDetail, laid out by chain model: the overview, then EVM gas and method,
 * token transfers, UTXO inputs and outputs, Solana instructions (or EVM internal calls), raw JSON.
 */
export function TransactionView({
  chainType,
  chainId,
  hash,
  initial,
  initialError,
}: {
  chainType: string;
  chainId: number;
  hash: string;
  initial: TransactionDetail | null;
  initialError: string | null;
}) {
  const client = useQueryClient();
  const now = useNow(5_000);
  const query = useQuery({
    ...transactionQuery(chainType, chainId, hash),
    initialData: initial ?? undefined,
  });
  const chains = useQuery(chainsQuery);
  const [refresh, setRefresh] = useState<{
    busy: boolean;
    at: number | null;
    error: string | null;
  }>({ busy: false, at: null, error: null });

  async function refreshFromOrigin() {
    setRefresh((r) => ({ ...r, busy: true, error: null }));
    try {
      const tx = await fetchTransaction(chainType, chainId, hash, { noCache: true });
      client.setQueryData(transactionQuery(chainType, chainId, hash).queryKey, tx);
      setRefresh({ busy: false, at: Date.now(), error: null });
    } catch (error) {
      setRefresh({
        busy: false,
        at: null,
        error: error instanceof ApiError ? error.message : 'The refresh failed.',
      });
    }
  }

  const tx = query.data;
  const explorer = findExplorer(chains.data, tx?.chain_type ?? chainType, tx?.chain_id ?? chainId);
  const l1 = findExplorer(chains.data, 'ethereum', 1);

  const header = (
    <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight">Transaction</h1>
          {tx && <StatusBadge status={tx.tx_status} />}
          <ChainBadge chainType={tx?.chain_type ?? chainType} chainId={tx?.chain_id ?? chainId} />
          {tx && <Badge>{kindOf(tx) === 'token' ? 'Token transfer' : 'Native transfer'}</Badge>}
        </div>
        <div className="mt-1 flex min-w-0 items-center gap-1 font-mono text-12 text-muted">
          <span className="truncate" title={hash}>
            {hash}
          </span>
          <CopyButton value={hash} label="Copy hash" />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {refresh.at && (
          <span className="text-2xs text-muted">
            Refreshed from the origin {formatAge(Math.max(0, now - refresh.at))}
          </span>
        )}
        {refresh.error && (
          <span role="alert" className="text-2xs text-down">
            {refresh.error}
          </span>
        )}
        <Button
          onClick={() => void refreshFromOrigin()}
          disabled={refresh.busy}
          title="Fetch again from the chain, bypassing the service's cache (no_cache)"
        >
          {refresh.busy ? 'Refreshing…' : 'Refresh from origin'}
        </Button>
        {explorer && (
          <a
            href={explorer.tx(hash)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-8 items-center gap-1 rounded border border-border px-3 text-13 font-medium text-muted hover:bg-raised hover:text-text"
          >
            {explorer.name} <span aria-hidden>↗</span>
          </a>
        )}
      </div>
    </div>
  );

  if (!tx) {
    return (
      <>
        {header}
        <Panel>
          {query.isPending && !initialError ? (
            <div className="p-6">
              <span className="skeleton block h-4 w-1/2" />
            </div>
          ) : tx === null ? (
            <EmptyState
              title="The origin has no such transaction either."
              action={
                <Link className="text-accent hover:underline" href="/wallets">
                  Back to wallets
                </Link>
              }
            >
              Check the hash and the chain, or try again later if it was just broadcast.
            </EmptyState>
          ) : (
            <LoadError
              title={`The transaction could not be loaded: ${query.error?.message ?? initialError ?? 'unknown error'}`}
              onRetry={() => void query.refetch()}
            />
          )}
        </Panel>
      </>
    );
  }

  const chain = txChain(tx.chain_type, tx.chain_id);
  const utxo = tx.from_details.length > 0 || tx.to_details.length > 0;
  const solana = chain?.family === 'solana';
  const addr = (a: string | null) => (a && explorer ? explorer.address(a) : undefined);
  const party = (a: string | null) => (
    <WalletAddress value={a} href={addr(a)} external head={10} tail={8} />
  );

  return (
    <>
      {header}
      <Panel title="Overview">
        <KeyValues>
          <KV label="Status">
            <StatusBadge status={tx.tx_status} />
          </KV>
          <KV label="Chain">
            {chainLabel(tx.chain_type, tx.chain_id)}{' '}
            <span className="text-muted">· id {tx.chain_id}</span>
          </KV>
          <KV label={solana ? 'Slot' : 'Block'}>
            {tx.height !== null ? (
              formatCount(tx.height)
            ) : (
              <span className="text-warn">Not in a block yet</span>
            )}
          </KV>
          <KV label="Time">{tx.tx_time !== null ? <TxTime sec={tx.tx_time} /> : <None />}</KV>
          <KV label="From">{party(tx.sender)}</KV>
          <KV label="To">{party(tx.receiver)}</KV>
          <KV label="Amount">
            <AmountText value={tx} maxFraction={tx.decimals ?? 6} />
          </KV>
          <KV label="Fee">
            <FeeText tx={tx} />
          </KV>
          {tx.fee_payer && <KV label="Fee payer">{party(tx.fee_payer)}</KV>}
          {tx.tx_version !== null && <KV label="Version">{tx.tx_version}</KV>}
          <KV label="Transfer type">{tx.transfer_type ?? <None />}</KV>
        </KeyValues>
      </Panel>

      {chain?.family === 'evm' && hasEvmFields(tx) && (
        <Section title="Gas and call">
          <EvmDetails
            tx={tx}
            l1Href={tx.l1_origin_hash && l1 ? l1.tx(tx.l1_origin_hash) : undefined}
          />
        </Section>
      )}

      {tx.token_transfers.length > 0 && (
        <Section title={`Token transfers (${tx.token_transfers.length})`}>
          <TokenTransfers transfers={tx.token_transfers} explorer={explorer} />
        </Section>
      )}

      {utxo && (
        <Section title="Inputs and outputs">
          <UtxoDetails
            inputs={tx.from_details}
            outputs={tx.to_details}
            decimals={chain?.native.decimals ?? tx.decimals ?? 0}
            symbol={chain?.native.symbol ?? tx.symbol ?? ''}
            chainType={tx.chain_type}
            chainId={tx.chain_id}
            explorer={explorer}
          />
        </Section>
      )}

      {tx.internal_transactions.length > 0 && (
        <Section
          title={
            solana
              ? `Instructions (${tx.internal_transactions.length})`
              : `Internal calls (${tx.internal_transactions.length})`
          }
        >
          <Instructions items={tx.internal_transactions} solana={solana} />
        </Section>
      )}

      <details className="mt-3 rounded-md border border-border bg-panel">
        {/* A heading in words, styled as the panels above name theirs, not the schema's type name. */}
        <summary className="cursor-pointer px-3 py-2">
          <h2 className="inline text-12 font-semibold uppercase tracking-wide text-muted">
            Raw transaction
          </h2>
          <span className="ml-2 text-12 text-muted">JSON as the service sent it</span>
        </summary>
        <pre className="max-h-[480px] overflow-auto border-t border-border p-3 font-mono text-11 leading-relaxed text-muted">
          {JSON.stringify(tx, null, 2)}
        </pre>
      </details>
    </>
  );
}
