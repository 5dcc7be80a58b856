/**
 * Block explorer links. The price service's `chains` endpoint gives each chain an explorer_url; the tx
 * service names chains differently (ethereum vs evm + chain_id 1), so a tx chain finds its entry by
 * protocol chain id within the same family, then by name (path shapes: lib/features/chains/explorer.ts).
 */
import type { AddressFamily } from '../../core/address';
import type { ChainItem } from '../../contracts/price/schema';
import { explorerFor, type Explorer } from '../chains/explorer';
import { familyOf, txChain } from './chains';

const PRICE_TYPE: Record<AddressFamily, string> = {
  evm: 'evm',
  solana: 'svm',
  tron: 'tvm',
  bitcoin: 'utxo',
};

export function findExplorer(
  chains: readonly ChainItem[] | undefined,
  chainType: string,
  chainId: number | null,
): Explorer | null {
  const family = familyOf(chainType);
  if (!chains || !family) return null;
  const type = PRICE_TYPE[family];
  const label = txChain(chainType, chainId)?.label.toLowerCase();
  const entry =
    chains.find(
      (c) => c.explorer_url && c.chain_type === type && chainId !== null && c.chain_id === chainId,
    ) ??
    chains.find(
      (c) =>
        c.explorer_url &&
        c.chain_type === type &&
        (c.name.toLowerCase() === chainType.toLowerCase() || c.name.toLowerCase() === label),
    );
  return explorerFor(entry?.explorer_url, type);
}

/** Our own page of a transaction. */
export function txPath(tx: { chain_type: string; chain_id: number; tx_hash: string }): string {
  return `/tx/${encodeURIComponent(tx.chain_type)}/${tx.chain_id}/${encodeURIComponent(tx.tx_hash)}`;
}
