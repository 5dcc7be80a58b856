/**
 * Chain type names across the three services. The price and kline services use the standard values
 * `evm svm tvm utxo cosmos move` with aliases (each service its own list); the tx service names
 * chains (`ethereum`, `bsc`, `solana`, `tron`, `bitcoin`, ...). Per the errata (docs/simulator/README.md, "Errata"),
 * "the service" in the seeds' alias lists reads "solana".
 */
const CHAIN_TYPES = ['evm', 'svm', 'tvm', 'utxo', 'cosmos', 'move'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

/** The price service's aliases ("Chain type values"; "the service" reads "solana"). */
const PRICE_ALIASES: Readonly<Record<string, ChainType>> = {
  ethereum: 'evm',
  solana: 'svm',
  tron: 'tvm',
  bitcoin: 'utxo',
  litecoin: 'utxo',
  dogecoin: 'utxo',
  'bitcoin cash': 'utxo',
  sui: 'move',
  aptos: 'move',
};

/**
 * The kline service's aliases ("Chain type normalisation"): its own short names, and for "btc,
 * bitcoin and similar" the UTXO coins the price service names, with their tickers.
 */
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
  ltc: 'utxo',
  dogecoin: 'utxo',
  doge: 'utxo',
  'bitcoin cash': 'utxo',
  bch: 'utxo',
  atom: 'cosmos',
  sui: 'move',
  aptos: 'move',
  apt: 'move',
};

function normalize(raw: string, aliases: Readonly<Record<string, ChainType>>): ChainType | null {
  const value = raw.trim().toLowerCase();
  if ((CHAIN_TYPES as readonly string[]).includes(value)) return value as ChainType;
  return Object.prototype.hasOwnProperty.call(aliases, value) ? (aliases[value] ?? null) : null;
}

/** The kline service's normalisation: a standard value or one of its aliases; null otherwise. */
export function normalizeKlineChainType(raw: string): ChainType | null {
  return normalize(raw, KLINE_ALIASES);
}

/** The price service's normalisation: a standard value or one of its aliases; null otherwise. */
export function normalizePriceChainType(raw: string): ChainType | null {
  return normalize(raw, PRICE_ALIASES);
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
