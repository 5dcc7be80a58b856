/**
 * The key an address is compared by, in a module of its own: the widget's markers chunk takes it
 * without ./family.ts, which the widget's script holds already.
 */
import type { AddressFamily } from './family';

/**
 * One spelling per address, for comparing and keying: hex (EVM) and bech32 (Bitcoin) carry no
 * meaning in their case; Base58 (Solana, Tron, legacy Bitcoin) is case-sensitive.
 */
export function addressKey(family: AddressFamily | null, address: string): string {
  const a = address.trim();
  if (family === 'evm' || /^0x[0-9a-fA-F]+$/.test(a)) return a.toLowerCase();
  if (family === 'bitcoin' && /^bc1/i.test(a)) return a.toLowerCase();
  return a;
}
