'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/client/api';
import { isTxChainType } from '@/lib/contracts/chain-types';
import { fetchTransaction } from '@/lib/features/wallets/queries';
import { chainLabel } from '@/lib/features/wallets/chains';

function fromPath(pathname: string) {
  const [, , type = '', id = '', hash = ''] = pathname.split('/');
  const chainType = decodeURIComponent(type).toLowerCase();
  return isTxChainType(chainType) && /^\d{1,12}$/.test(id) && hash
    ? { chainType, chainId: Number(id), hash: decodeURIComponent(hash) }
    : null;
}

/** The 404 of a transaction page: what was asked, and a lookup that bypasses the service's cache. */
export function TxNotFound() {
  const pathname = usePathname();
  const router = useRouter();
  const target = fromPath(pathname);
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });

  async function lookUp() {
    if (!target) return;
    setState({ busy: true, message: null });
    try {
      const tx = await fetchTransaction(target.chainType, target.chainId, target.hash, {
        noCache: true,
      });
      if (tx) router.refresh();
      else setState({ busy: false, message: 'Still not found at the origin.' });
    } catch (error) {
      setState({
        busy: false,
        message: error instanceof ApiError ? error.message : 'The lookup failed.',
      });
    }
  }

  return (
    <>
      <div className="mb-3">
        <h1 className="text-lg font-semibold tracking-tight">Transaction not found</h1>
        {target && (
          <p className="mt-0.5 break-all font-mono text-12 text-muted">
            {target.hash} · {chainLabel(target.chainType, target.chainId)} (chain id{' '}
            {target.chainId})
          </p>
        )}
      </div>
      <Panel>
        <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
          <p className="text-sm font-medium">
            {target
              ? 'The monitoring service knows no transaction with this hash on this chain.'
              : 'This is not a transaction address: it needs a chain, a chain id and a hash.'}
          </p>
          <p className="max-w-md text-12 text-muted">
            Check the hash and the chain; a transaction broadcast seconds ago may need a lookup at
            the origin.
          </p>
          <div className="mt-1 flex items-center gap-2">
            {target && (
              <Button variant="primary" onClick={() => void lookUp()} disabled={state.busy}>
                {state.busy ? 'Looking up…' : 'Look up at the origin'}
              </Button>
            )}
            <Link
              href="/wallets"
              className="inline-flex h-8 items-center rounded border border-border px-3 text-13 font-medium text-muted hover:bg-raised hover:text-text"
            >
              Back to wallets
            </Link>
          </div>
          {state.message && (
            <p role="status" className="text-12 text-down">
              {state.message}
            </p>
          )}
        </div>
      </Panel>
    </>
  );
}
