/**
 * Where a palette entry leads. Each kind keeps only what its page needs and its URL is built here
 * from checked parts, never stored as text: an entry read back from localStorage cannot lead
 * anywhere but one of this app's pages.
 */
import type { AddressFamily } from '../../core/address';
import { poolPath, type PoolRef } from '../../contracts/pool-ref';

export type Target =
  | { kind: 'token'; id: number; symbol: string; name: string; chain: string; logo?: string }
  | { kind: 'pool'; ref: PoolRef; name: string; chain: string }
  | { kind: 'tx'; chainType: string; chainId: number; hash: string; chain: string }
  | { kind: 'wallet'; family: AddressFamily; address: string; view: 'watch' | 'history' };

/** The tx service's chain name for watching an address of a family (`evm`: any EVM chain). */
const WATCH_CHAIN: Record<AddressFamily, string> = {
  evm: 'evm',
  solana: 'solana',
  tron: 'tron',
  bitcoin: 'bitcoin',
};

export function targetHref(t: Target): string {
  switch (t.kind) {
    case 'token':
      return `/tokens/${t.id}`;
    case 'pool':
      return poolPath(t.ref);
    case 'tx':
      return `/tx/${encodeURIComponent(t.chainType)}/${t.chainId}/${encodeURIComponent(t.hash)}`;
    case 'wallet': {
      const q =
        t.view === 'watch'
          ? new URLSearchParams({ watch: `${WATCH_CHAIN[t.family]}:${t.address}` })
          : new URLSearchParams({ tab: 'history', address: t.address });
      return `/wallets?${q.toString()}`;
    }
  }
}

/** One key per place: the same token, pool, transaction or wallet view is one recent entry. */
export function targetKey(t: Target): string {
  switch (t.kind) {
    case 'token':
      return `token:${t.id}`;
    case 'pool':
      return `pool:${t.ref.chainType}:${t.ref.chainId}:${t.ref.address}`;
    case 'tx':
      return `tx:${t.chainType}:${t.chainId}:${t.hash.toLowerCase()}`;
    case 'wallet':
      return `wallet:${t.view}:${t.family === 'evm' ? t.address.toLowerCase() : t.address}`;
  }
}

/** The text a query is matched against, for recent entries. */
export function targetText(t: Target): string {
  switch (t.kind) {
    case 'token':
      return `${t.symbol} ${t.name} ${t.chain}`;
    case 'pool':
      return `${t.name} ${t.chain} ${t.ref.address}`;
    case 'tx':
      return `${t.hash} ${t.chain}`;
    case 'wallet':
      return t.address;
  }
}
