/**
 * Chain type names across the three services. The price and kline services use the standard values
 * `evm svm tvm utxo cosmos move` with aliases (each service its own list); the tx service names
 * chains (`ethereum`, `bsc`, `solana`, `tron`, `bitcoin`, ...). Per shared/SIMULATOR.md's errata,
 * "the service" in the seeds' alias lists reads "solana".
 */
export const CHAIN_TYPES = ['evm', 'svm', 'tvm', 'utxo', 'cosmos', 'move'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

const KLINE_ALIASES: Readonly<Record<string, ChainType>> = {
  eth: 'evm',
  ethereum: 'evm',
  sol: 'svm',
  solana: 'svm',
  trx: 'tvm',
  tron: 'tvm',
  btc: 'utxo',
  bitcoin: 'utxo',
  litecoin: 'utxo',
  dogecoin: 'utxo',
  'bitcoin cash': 'utxo',
  atom: 'cosmos',
  sui: 'move',
  aptos: 'move',
  apt: 'move',
};

/** The kline service's normalisation (kline-service.md, "Chain type normalisation"). */
export function normalizeKlineChainType(raw: string): ChainType | null {
  const value = raw.trim().toLowerCase();
  if ((CHAIN_TYPES as readonly string[]).includes(value)) return value as ChainType;
  return KLINE_ALIASES[value] ?? null;
}

/** Chain names the tx service uses, and the standard type of each. */
export const TX_CHAIN_TYPES: Readonly<Record<string, ChainType>> = {
  ethereum: 'evm',
  evm: 'evm',
  bsc: 'evm',
  base: 'evm',
  arbitrum: 'evm',
  solana: 'svm',
  tron: 'tvm',
  bitcoin: 'utxo',
};

export function isTxChainType(value: string): boolean {
  return Object.prototype.hasOwnProperty.call(TX_CHAIN_TYPES, value.toLowerCase());
}
