/**
 * Address families by chain type: free of the hashing and encoding libraries of ./index.ts, so that
 * browser code which only needs to know the family (the stream's topic keys) stays small.
 */
export type AddressCheck = { ok: true; normalized: string } | { ok: false; reason: string };

export type AddressFamily = 'evm' | 'solana' | 'tron' | 'bitcoin';

/** The address family of a chain type as the tx service names them (ethereum, bsc, solana, ...). */
export function addressFamily(chainType: string): AddressFamily | null {
  switch (chainType.toLowerCase()) {
    case 'evm':
    case 'ethereum':
    case 'eth':
    case 'bsc':
    case 'base':
    case 'arbitrum':
    case 'polygon':
    case 'optimism':
      return 'evm';
    case 'solana':
    case 'sol':
    case 'svm':
      return 'solana';
    case 'tron':
    case 'trx':
    case 'tvm':
      return 'tron';
    case 'bitcoin':
    case 'btc':
    case 'utxo':
      return 'bitcoin';
    default:
      return null;
  }
}
