/**
 * The chains the tx service tracks, under the tx service's own names (`ethereum`, `bsc`, ...), and the
 * resolution of a request's `chain_type` (+ `chain_id`) to them. `evm` means "any EVM chain".
 */
import { addressFamily, checkAddress, type AddressFamily } from '../../core/address';
import { CHAINS, NOTABLE_TOKENS } from '../catalogue';

export interface TxToken {
  symbol: string;
  /** contract address (EVM, Tron) or mint (Solana), as the catalogue spells it */
  address: string;
  decimals: number;
  asset: string;
}

export interface TxChain {
  /** the simulator's own name of the chain, also accepted as a request's chain_type */
  name: string;
  /**
   * The chain_type records carry. The seed lists the values seen in responses as `ethereum`, `evm`,
   * `bsc`, `solana`, `tron`, `bitcoin`: the EVM chains it does not name (Base, Arbitrum) are `evm`,
   * told apart by chain_id.
   */
  wire: string;
  chainId: number;
  family: AddressFamily;
  /** price-service chain type: evm, svm, tvm, utxo */
  priceType: string;
  native: { symbol: string; decimals: number; asset: string };
  tokens: readonly TxToken[];
  /** seconds per block (slot on Solana) and a reference height at 2024-01-01T00:00:00Z */
  blockTime: number;
  heightAt2024: number;
  /** L2s carry the L1 batch hash in l1_origin_hash */
  l2: boolean;
}

const REF = {
  ethereum: { blockTime: 12, height: 18_908_000, l2: false },
  bsc: { blockTime: 3, height: 34_900_000, l2: false },
  base: { blockTime: 2, height: 8_600_000, l2: true },
  arbitrum: { blockTime: 0.25, height: 166_000_000, l2: true },
  solana: { blockTime: 0.4, height: 238_000_000, l2: false },
  tron: { blockTime: 3, height: 57_400_000, l2: false },
  bitcoin: { blockTime: 600, height: 823_800, l2: false },
} as const;

const WIRE_NAMES = new Set(['ethereum', 'bsc', 'solana', 'tron', 'bitcoin']);

function build(): TxChain[] {
  const out: TxChain[] = [];
  for (const chain of CHAINS) {
    const name = chain.tx_chain_type;
    if (!name || !(name in REF)) continue;
    const family = addressFamily(name);
    if (!family) continue;
    const seeds = NOTABLE_TOKENS.filter((t) => t.chain === chain.id);
    const native = seeds.find((t) => t.address === null);
    if (!native) continue;
    const ref = REF[name as keyof typeof REF];
    out.push({
      name,
      wire: WIRE_NAMES.has(name) ? name : chain.chain_type,
      chainId: chain.chain_id,
      family,
      priceType: chain.chain_type,
      native: { symbol: native.symbol, decimals: native.decimals, asset: native.asset },
      tokens: seeds.flatMap((t) =>
        t.address
          ? [{ symbol: t.symbol, address: t.address, decimals: t.decimals, asset: t.asset }]
          : [],
      ),
      blockTime: ref.blockTime,
      heightAt2024: ref.height,
      l2: ref.l2,
    });
  }
  return out;
}

export const TX_CHAINS: readonly TxChain[] = build();
/** Every chain_type the service accepts on input. */
export const CHAIN_TYPES: readonly string[] = [...TX_CHAINS.map((c) => c.name), 'evm'];

export function chainByName(name: string): TxChain | undefined {
  return TX_CHAINS.find((c) => c.name === name);
}

/** The chain of a record, from its chain_type and chain_id (`evm` + 8453 is Base). */
export function chainOfRecord(chainType: string, chainId: number): TxChain | undefined {
  return TX_CHAINS.find(
    (c) => c.chainId === chainId && (c.wire === chainType || c.name === chainType),
  );
}

export type ChainResolution = { ok: true; chains: TxChain[] } | { ok: false; message: string };

/**
 * `chain_type` (lowercased here) and an optional `chain_id` to the chains they select. `evm` without
 * an id selects every EVM chain; a known name with the id of another chain is an error.
 */
export function resolveChains(
  chainType: string | undefined,
  chainId: number | undefined,
  field = 'chain_type',
): ChainResolution {
  if (chainType === undefined) {
    const chains =
      chainId === undefined ? [...TX_CHAINS] : TX_CHAINS.filter((c) => c.chainId === chainId);
    return chains.length > 0
      ? { ok: true, chains }
      : { ok: false, message: `chain_id ${chainId} is not supported` };
  }
  const name = chainType.trim().toLowerCase();
  const named =
    name === 'evm'
      ? TX_CHAINS.filter((c) => c.family === 'evm')
      : TX_CHAINS.filter((c) => c.name === name);
  if (named.length === 0) {
    return {
      ok: false,
      message: `${field} "${chainType}" is not supported (one of ${CHAIN_TYPES.join(', ')})`,
    };
  }
  if (chainId === undefined) return { ok: true, chains: named };
  const chains = named.filter((c) => c.chainId === chainId);
  if (chains.length === 0)
    return { ok: false, message: `chain_id ${chainId} does not belong to ${field} "${name}"` };
  return { ok: true, chains };
}

/**
 * Pool trades accept the tx names (`ethereum`) and the price-service chain types (`evm`, `svm`) with the
 * chain id; anything else selects nothing, so the endpoint answers an empty list.
 */
export function poolChain(chainType: string, chainId: number): TxChain | undefined {
  const name = chainType.trim().toLowerCase();
  return TX_CHAINS.find((c) => c.chainId === chainId && (c.name === name || c.priceType === name));
}

/**
 * The service's own address check. The seed only recommends an EIP-55 checksum ("EIP-55 checksum
 * recommended"), so any 0x + 40 hex digits is accepted here, whatever its case; the dashboard still
 * checks a mixed-case checksum before it sends anything.
 */
const serviceCheck = (family: AddressFamily, address: string) =>
  checkAddress(family, address, { requireChecksum: false });

/** The family an address's format belongs to, for cross-chain queries without a chain_type. */
export function familyOfAddress(address: string): AddressFamily | null {
  for (const family of ['evm', 'tron', 'bitcoin', 'solana'] as const) {
    if (serviceCheck(family, address).ok) return family;
  }
  return null;
}

export function validAddress(family: AddressFamily, address: string, field: string): string | null {
  const check = serviceCheck(family, address);
  return check.ok
    ? null
    : `${field} "${address}" is not a valid ${family} address: ${check.reason}`;
}

export function heightAt(chain: TxChain, t: number): number {
  return chain.heightAt2024 + Math.floor((t - 1_704_067_200) / chain.blockTime);
}
