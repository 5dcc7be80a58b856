/**
 * The chains of the tx service as the wallets views show them: the seed's chain types
 * (docs/simulator/tx.md: ethereum, bsc, base, arbitrum, solana, tron, bitcoin, and `evm` = any EVM
 * chain), with what a row needs to read a fee (the native unit) and to pick an address check.
 * Shared by browser and server; no server-only imports.
 */
import { addressFamily, type AddressFamily } from '../../core/address/family';
import { addressKey } from '../../core/address/key';

export interface TxChainInfo {
  /** the tx service's name */
  type: string;
  label: string;
  /** protocol chain id the tx service uses for it (null for `evm`, which names no single chain) */
  chainId: number | null;
  family: AddressFamily;
  native: { symbol: string; decimals: number };
}

/** One row of the table below: the tx service's name, its label, chain id, family and native unit. */
function chain(
  type: string,
  label: string,
  chainId: number | null,
  family: AddressFamily,
  symbol: string,
  decimals: number,
): TxChainInfo {
  return { type, label, chainId, family, native: { symbol, decimals } };
}

export const TX_CHAINS: readonly TxChainInfo[] = [
  chain('ethereum', 'Ethereum', 1, 'evm', 'ETH', 18),
  chain('bsc', 'BNB Chain', 56, 'evm', 'BNB', 18),
  chain('base', 'Base', 8453, 'evm', 'ETH', 18),
  chain('arbitrum', 'Arbitrum', 42161, 'evm', 'ETH', 18),
  chain('solana', 'Solana', 501, 'solana', 'SOL', 9),
  chain('tron', 'Tron', 728126428, 'tron', 'TRX', 6),
  chain('bitcoin', 'Bitcoin', 0, 'bitcoin', 'BTC', 8),
];

/** `evm` is accepted by the address endpoints and `subscribe`, not by anything that needs a chain id. */
export const ANY_EVM: TxChainInfo = chain('evm', 'Any EVM chain', null, 'evm', 'ETH', 18);

/** Chain types a monitored address can be added under, in menu order. */
export const ADDRESS_CHAIN_TYPES: readonly TxChainInfo[] = [...TX_CHAINS, ANY_EVM];

/**
 * A chain by its tx-service name. Records of EVM chains the seed does not name (Base, Arbitrum) carry
 * `evm` with their chain id, so `evm` with a known id is that chain; without one, any EVM chain.
 */
export function txChain(
  type: string | null | undefined,
  chainId?: number | null,
): TxChainInfo | undefined {
  if (!type) return undefined;
  const t = type.toLowerCase();
  if (t === 'evm')
    return (
      (chainId != null
        ? TX_CHAINS.find((c) => c.family === 'evm' && c.chainId === chainId)
        : undefined) ?? ANY_EVM
    );
  return TX_CHAINS.find((c) => c.type === t);
}

export function chainLabel(type: string | null | undefined, chainId?: number | null): string {
  return txChain(type, chainId)?.label ?? (type || '—');
}

/** The address family of a tx chain name, including names this list does not know (polygon, ...). */
export function familyOf(type: string): AddressFamily | null {
  return txChain(type)?.family ?? addressFamily(type);
}

export function sameAddress(
  family: AddressFamily | null,
  a: string | null | undefined,
  b: string | null | undefined,
): boolean {
  if (!a || !b) return false;
  return addressKey(family, a) === addressKey(family, b);
}
