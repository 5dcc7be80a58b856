/**
 * One transaction by hash, read on the server for the first paint of the transaction page (so an
 * unknown hash is a real 404). Later refreshes come from the browser through the gateway.
 */
import 'server-only';
import type { TransactionDetail } from '../../contracts/tx/schema';
import { load } from '../../upstream/result';
import { txClient } from '../../upstream/tx/client';

export type TransactionResult =
  | { kind: 'found'; tx: TransactionDetail }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

export async function readTransaction(
  chainType: string,
  chainId: number,
  hash: string,
  /** the visitor's demo sandbox: a transaction replayed there is found there */
  sandbox: string | null,
): Promise<TransactionResult> {
  const result = await load(() => txClient.transaction(hash, chainType, chainId, { sandbox }));
  if (result.ok) return result.value ? { kind: 'found', tx: result.value } : { kind: 'missing' };
  // A 400 (malformed hash for the chain, unknown chain) is "no such transaction" for a page visitor.
  if (result.status === 400) return { kind: 'missing' };
  return { kind: 'error', message: `tx service unavailable: ${result.message}` };
}

/** Plausible hashes only reach the upstream: hex (with or without 0x) or a Base58 signature. */
export function isPlausibleHash(hash: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) || /^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(hash);
}
