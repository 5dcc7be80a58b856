import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TransactionView } from '@/components/tx/transaction-view';
import { isTxChainType } from '@/lib/contracts/chain-types';
import { shorten } from '@/lib/core/format/text';
import { isPlausibleHash, readTransaction } from '@/lib/features/wallets/server';
import { pageSandbox } from '@/lib/server/sandbox/cookie';

type Params = Promise<{ chain_type: string; chain_id: string; tx_hash: string }>;

function parse(raw: Awaited<Params>) {
  const chainType = decodeURIComponent(raw.chain_type).toLowerCase();
  const hash = decodeURIComponent(raw.tx_hash).trim();
  const valid =
    isTxChainType(chainType) && /^\d{1,12}$/.test(raw.chain_id) && isPlausibleHash(hash);
  return valid ? { chainType, chainId: Number(raw.chain_id), hash } : null;
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const p = parse(await params);
  return { title: p ? `Transaction ${shorten(p.hash, 8, 6)}` : 'Transaction not found' };
}

/** Read on the server first, so an unknown hash is a real 404 and the details are in the first paint. */
export default async function Page({ params }: { params: Params }) {
  const p = parse(await params);
  if (!p) notFound();
  const result = await readTransaction(p.chainType, p.chainId, p.hash, await pageSandbox());
  if (result.kind === 'missing') notFound();
  return (
    <TransactionView
      chainType={p.chainType}
      chainId={p.chainId}
      hash={p.hash}
      initial={result.kind === 'found' ? result.tx : null}
      initialError={result.kind === 'error' ? result.message : null}
    />
  );
}
