/**
 * Which of the Wallets list's addresses can trade in a pool (the pool page's markers; the widget
 * names its addresses in its URL instead).
 */
import type { PoolRef } from '../../contracts/pool-ref';
import { addressKey } from '../../core/address/key';
import { TX_CHAINS } from '../wallets/chains';
import { MAX_MARKER_WALLETS, poolFamily, type MarkerWallet } from './my-trades';

/**
 * The book's addresses that can trade in this pool: same address family, and for EVM an entry of
 * this chain or of `evm` (any EVM chain). One per address, at most MAX_MARKER_WALLETS.
 */
export function walletsForPool(
  entries: readonly { chainType: string; address: string }[],
  labels: Readonly<Record<string, string>>,
  pool: Pick<PoolRef, 'chainType' | 'chainId'>,
  labelKey: (address: string) => string,
): MarkerWallet[] {
  const family = poolFamily(pool);
  if (!family) return [];
  const out: MarkerWallet[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const type = e.chainType.toLowerCase();
    const chain = TX_CHAINS.find((c) => c.type === type);
    const fits =
      family === 'evm'
        ? type === 'evm' || (chain?.family === 'evm' && chain.chainId === pool.chainId)
        : chain?.family === family;
    const key = addressKey(family, e.address);
    if (!fits || seen.has(key)) continue;
    seen.add(key);
    out.push({ address: e.address.trim(), label: labels[labelKey(e.address)] ?? null });
    if (out.length >= MAX_MARKER_WALLETS) break;
  }
  return out;
}

/**
 * The Wallets page's history of an address on a pool's chain (transfers/search), where a trader of
 * the pool's trades list leads: the chain by the tx service's name for it (`ethereum`, `base`), else
 * every chain of the address's format.
 */
export function traderHistoryHref(pool: Pick<PoolRef, 'chainType' | 'chainId'>, address: string) {
  const family = poolFamily(pool);
  const chain =
    family === 'evm'
      ? TX_CHAINS.find((c) => c.family === 'evm' && c.chainId === pool.chainId)
      : TX_CHAINS.find((c) => c.family === family);
  const q = new URLSearchParams({ tab: 'history', address });
  if (chain) q.set('hchain', chain.type);
  return `/wallets?${q.toString()}`;
}
