/**
 * Address formats of the chains the upstream tracks. Used by the simulator to mint plausible
 * addresses and by the dashboard to validate user input before anything is sent upstream.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m, createBase58check, hex } from '@scure/base';
import type { AddressCheck, AddressFamily } from './family';

export { addressFamily, type AddressCheck, type AddressFamily } from './family';

const base58check = createBase58check(sha256);
const utf8 = new TextEncoder();
const CHECKSUM_MISMATCH = 'the Base58Check checksum does not match (check for a typo)';

/** The payload of a Base58Check string (Tron, legacy Bitcoin); null when its checksum does not match. */
function base58checkPayload(value: string): Uint8Array | null {
  try {
    return base58check.decode(value);
  } catch {
    return null;
  }
}

/** EIP-55 mixed-case checksum of a 20-byte hex address (with or without `0x`). */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '');
  const digest = hex.encode(keccak_256(utf8.encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const ch = lower[i] as string;
    out += parseInt(digest[i] as string, 16) >= 8 ? ch.toUpperCase() : ch;
  }
  return out;
}

export interface CheckOptions {
  /** a mixed-case EVM address must carry a valid EIP-55 checksum (default); the tx seed only recommends it */
  requireChecksum?: boolean;
}

/** EVM: 0x + 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum unless told otherwise. */
export function checkEvmAddress(
  input: string,
  { requireChecksum = true }: CheckOptions = {},
): AddressCheck {
  const value = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    return { ok: false, reason: 'an EVM address is 0x followed by 40 hexadecimal digits' };
  }
  const body = value.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (requireChecksum && mixed && toChecksumAddress(value) !== value) {
    return { ok: false, reason: 'the EIP-55 checksum does not match (check for a typo)' };
  }
  return { ok: true, normalized: toChecksumAddress(value) };
}

/** Solana: Base58 of a 32-byte public key. */
export function checkSolanaAddress(input: string): AddressCheck {
  const value = input.trim();
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) {
    return { ok: false, reason: 'a Solana address is 32 to 44 Base58 characters' };
  }
  try {
    if (base58.decode(value).length !== 32) {
      return { ok: false, reason: 'a Solana address decodes to 32 bytes' };
    }
  } catch {
    return { ok: false, reason: 'not valid Base58' };
  }
  return { ok: true, normalized: value };
}

/** Tron: Base58Check of 0x41 + 20 bytes, so it starts with T. */
export function checkTronAddress(input: string): AddressCheck {
  const value = input.trim();
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) {
    return { ok: false, reason: 'a Tron address is 34 Base58 characters starting with T' };
  }
  const payload = base58checkPayload(value);
  if (!payload) return { ok: false, reason: CHECKSUM_MISMATCH };
  if (payload.length !== 21 || payload[0] !== 0x41) {
    return { ok: false, reason: 'not a Tron account address' };
  }
  return { ok: true, normalized: value };
}

/** Bitcoin mainnet: legacy (1...), P2SH (3...) and bech32/bech32m (bc1...). */
export function checkBitcoinAddress(input: string): AddressCheck {
  const value = input.trim();
  if (/^bc1/i.test(value)) {
    const lower = value.toLowerCase();
    if (value !== lower && value !== value.toUpperCase()) {
      return { ok: false, reason: 'a bech32 address may not mix upper and lower case' };
    }
    try {
      const isV0 = lower.startsWith('bc1q');
      const decoded = (isV0 ? bech32 : bech32m).decode(lower as `${string}1${string}`);
      const [version, ...rest] = decoded.words;
      const program = (isV0 ? bech32 : bech32m).fromWords(rest);
      if (decoded.prefix !== 'bc' || version === undefined || version > 16)
        throw new Error('prefix');
      if (version === 0 && program.length !== 20 && program.length !== 32)
        throw new Error('length');
      if (program.length < 2 || program.length > 40) throw new Error('length');
    } catch {
      return { ok: false, reason: 'not a valid bech32 Bitcoin address (check for a typo)' };
    }
    return { ok: true, normalized: lower };
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(value)) {
    return { ok: false, reason: 'a Bitcoin address starts with 1, 3 or bc1' };
  }
  // A wrong length or version: the same answer as a checksum that does not match.
  const payload = base58checkPayload(value);
  if (!payload || payload.length !== 21 || (payload[0] !== 0x00 && payload[0] !== 0x05)) {
    return { ok: false, reason: CHECKSUM_MISMATCH };
  }
  return { ok: true, normalized: value };
}

export function checkAddress(
  family: AddressFamily,
  input: string,
  options: CheckOptions = {},
): AddressCheck {
  switch (family) {
    case 'evm':
      return checkEvmAddress(input, options);
    case 'solana':
      return checkSolanaAddress(input);
    case 'tron':
      return checkTronAddress(input);
    case 'bitcoin':
      return checkBitcoinAddress(input);
  }
}

/** Encoders for minting addresses from bytes (the simulator). */
export const encode = {
  evm: (bytes20: Uint8Array) => toChecksumAddress(hex.encode(bytes20)),
  solana: (bytes32: Uint8Array) => base58.encode(bytes32),
  tron: (bytes20: Uint8Array) => base58check.encode(Uint8Array.from([0x41, ...bytes20])),
  bitcoin: (bytes20: Uint8Array) => bech32.encode('bc', [0, ...bech32.toWords(bytes20)]),
  hash32: (bytes32: Uint8Array) => hex.encode(bytes32),
  base58: (bytes: Uint8Array) => base58.encode(bytes),
};
