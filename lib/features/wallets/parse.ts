/**
 * A paste of one or many addresses for one chain: split, checked per chain family before anything is
 * sent (lib/core/address), duplicates collapsed. Bad entries are named with the reason; good ones still go.
 */
import { checkAddress } from '../../core/address';
import { addressKey } from '../../core/address/key';
import { familyOf } from './chains';

export interface ParsedAddresses {
  valid: string[];
  invalid: { input: string; reason: string }[];
  duplicates: number;
}

/** Newlines, commas, semicolons, tabs and spaces all separate addresses (none of them occur in one). */
export function splitAddressList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

export function parseAddressList(chainType: string, text: string): ParsedAddresses {
  const family = familyOf(chainType);
  const out: ParsedAddresses = { valid: [], invalid: [], duplicates: 0 };
  if (!family) {
    for (const input of splitAddressList(text))
      out.invalid.push({ input, reason: `unknown chain type "${chainType}"` });
    return out;
  }
  const seen = new Set<string>();
  for (const input of splitAddressList(text)) {
    const check = checkAddress(family, input);
    if (!check.ok) {
      out.invalid.push({ input, reason: check.reason });
      continue;
    }
    const key = addressKey(family, check.normalized);
    if (seen.has(key)) {
      out.duplicates++;
      continue;
    }
    seen.add(key);
    out.valid.push(check.normalized);
  }
  return out;
}

/** "“0x12”: an EVM address is …" lines for the refused entries. */
export function describeInvalid(chainType: string, invalid: ParsedAddresses['invalid']): string[] {
  return invalid.map((i) => `"${i.input}" is not a valid ${chainType} address: ${i.reason}.`);
}
