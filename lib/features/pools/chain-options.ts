/** The chains a pool can be opened on, for the forms that open one (the Pools page, the workspace). */
import type { ChainItem } from '../../contracts/price/schema';

export interface ChainOption {
  label: string;
  chainType: string;
  chainId: number;
}

// Chains with pools are the ones with a protocol chain id; the tx-only Bitcoin has none to open.
export function chainOptions(chains: ChainItem[] | null): ChainOption[] {
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
