import type { TxChainInfo } from '@/lib/features/wallets/chains';

/** The `<option>`s of a chain picker: one a chain, its tx-service name as the value. */
export function ChainOptions({ chains }: { chains: readonly TxChainInfo[] }) {
  return chains.map((c) => (
    <option key={c.type} value={c.type}>
      {c.label}
    </option>
  ));
}
