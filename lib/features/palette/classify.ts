/**
 * What the command palette's text is: a symbol or name, an address (whose family decides where it
 * can be looked up), or a transaction hash. Addresses are checked with the same rules as the wallet
 * forms (lib/core/address), so only something that can be one reaches the services. The text is
 * hostile input: trimmed, inner whitespace collapsed, capped.
 */
import { base58 } from '@scure/base';
import { checkAddress, type AddressFamily } from '../../core/address';

/** Longer text is no symbol, name, address or hash of any chain (a Solana signature is 88). */
export const MAX_QUERY_LENGTH = 120;

export type QueryClass =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'address'; family: AddressFamily; address: string }
  /** `families`: the chains whose hashes look like this, most likely first */
  | { kind: 'hash'; hash: string; families: readonly AddressFamily[] };

const HEX_HASH = /^0x[0-9a-fA-F]{64}$/;
// Tron and Bitcoin write theirs without 0x; the tx service takes EVM hashes without it too.
const BARE_HEX_HASH = /^[0-9a-fA-F]{64}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{80,90}$/;

/** A Solana signature: Base58 of 64 bytes. */
function isSolanaSignature(text: string): boolean {
  if (!BASE58.test(text)) return false;
  try {
    return base58.decode(text).length === 64;
  } catch {
    return false;
  }
}

/** The text as the palette searches it: trimmed, one space between words, at most MAX_QUERY_LENGTH. */
export function normalizeQuery(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH);
}

export function classifyQuery(raw: string): QueryClass {
  const text = normalizeQuery(raw);
  if (!text) return { kind: 'empty' };
  if (text.includes(' ')) return { kind: 'text', text };
  if (HEX_HASH.test(text)) return { kind: 'hash', hash: text, families: ['evm'] };
  if (BARE_HEX_HASH.test(text))
    return { kind: 'hash', hash: text, families: ['tron', 'bitcoin', 'evm'] };
  if (isSolanaSignature(text)) return { kind: 'hash', hash: text, families: ['solana'] };
  // EVM in any case: the tx service only recommends the EIP-55 checksum, and pastes are often lowercase.
  const evm = checkAddress('evm', text, { requireChecksum: false });
  if (evm.ok) return { kind: 'address', family: 'evm', address: text };
  // Bitcoin before Solana: a legacy address is Base58 too, but only Base58Check of 21 bytes passes.
  for (const family of ['tron', 'bitcoin', 'solana'] as const) {
    const check = checkAddress(family, text);
    if (check.ok) return { kind: 'address', family, address: check.normalized };
  }
  return { kind: 'text', text };
}
