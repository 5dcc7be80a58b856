/**
 * One transaction by hash, read on the server for the first paint of the transaction page (so an
 * unknown hash is a real 404). Later refreshes come from the browser through the gateway.
 */
import 'server-only';
import { cookies } from 'next/headers';
import { sandboxMode } from '../../core/env';
import { SANDBOX_COOKIE, verifySandbox } from '../../server/sandbox/cookie';
import { TransactionEnvelope, type TransactionDetail } from '../../contracts/tx/schema';
import { TransportError, upstreamFetch } from '../../upstream/transport';
import { isRecord } from '../../core/values';
import { toFeedTx } from './feed';

export type TransactionResult =
  | { kind: 'found'; tx: TransactionDetail }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

export async function readTransaction(
  chainType: string,
  chainId: number,
  hash: string,
): Promise<TransactionResult> {
  const query = new URLSearchParams({ chain_type: chainType, chain_id: String(chainId) });
  // In the demo, a transaction replayed in the visitor's sandbox is found in that sandbox.
  const sandbox = sandboxMode()
    ? verifySandbox((await cookies()).get(SANDBOX_COOKIE)?.value)
    : null;
  let response: Response;
  try {
    response = await upstreamFetch({
      method: 'GET',
      path: `/tx/api/v1/transactions/${encodeURIComponent(hash)}?${query.toString()}`,
      sandbox,
    });
  } catch (error) {
    if (error instanceof TransportError)
      return { kind: 'error', message: `tx service unavailable: ${error.message}` };
    throw error;
  }
  const body = (await response.json().catch(() => null)) as {
    code?: unknown;
    data?: unknown;
    message?: unknown;
  } | null;
  const parsed = TransactionEnvelope.safeParse(body);
  if (parsed.success)
    return parsed.data.data ? { kind: 'found', tx: parsed.data.data } : { kind: 'missing' };
  if (response.ok && body?.code === 0) {
    if (body.data === null) return { kind: 'missing' };
    // A shape the schema did not expect (a field more or less): show what can be shown.
    const tx = isRecord(body.data) ? toFeedTx(body.data) : null;
    if (tx) return { kind: 'found', tx };
  }
  const message = body?.message;
  // A 400 (malformed hash for the chain, unknown chain) is "no such transaction" for a page visitor.
  if (response.status === 400) return { kind: 'missing' };
  return {
    kind: 'error',
    message: typeof message === 'string' ? message : `tx service answered HTTP ${response.status}`,
  };
}

/** Plausible hashes only reach the upstream: hex (with or without 0x) or a Base58 signature. */
export function isPlausibleHash(hash: string): boolean {
  return /^(0x)?[0-9a-fA-F]{64}$/.test(hash) || /^[1-9A-HJ-NP-Za-km-z]{43,90}$/.test(hash);
}
