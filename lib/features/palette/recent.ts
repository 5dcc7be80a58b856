/**
 * The palette's recent entries: newest first, one per place, at most MAX_RECENT. What comes back
 * from localStorage was written by anyone with access to this browser's storage, so it is read as
 * unknown and every entry is checked as the pages check their URLs; a bad entry is dropped, not
 * the whole list.
 */
import { checkAddress, type AddressFamily } from '../../core/address';
import { safeHttpUrl } from '../../core/safe-url';
import { isTxChainType, normalizeKlineChainType } from '../../contracts/chain-types';
import { poolAddressProblem } from '../../contracts/pool-ref-check';
import { targetKey, targetText, type Target } from './targets';

export const MAX_RECENT = 8;

const FAMILIES: readonly AddressFamily[] = ['evm', 'solana', 'tron', 'bitcoin'];
const HASH = /^(?:(?:0x)?[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,90})$/;

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A label: a string, trimmed and clipped (it is only ever rendered as text). */
function label(v: unknown, max = 80): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim().slice(0, max);
  return t || null;
}

function int(v: unknown, min: number, max: number): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max ? v : null;
}

function token(r: Raw): Target | null {
  const id = int(r.id, 1, Number.MAX_SAFE_INTEGER);
  const symbol = label(r.symbol, 24);
  const name = label(r.name);
  const chain = label(r.chain, 40);
  if (id === null || !symbol || !name || !chain) return null;
  const logo = typeof r.logo === 'string' && r.logo.length <= 512 ? safeHttpUrl(r.logo) : null;
  return { kind: 'token', id, symbol, name, chain, ...(logo ? { logo } : {}) };
}

function pool(r: Raw): Target | null {
  const ref = isRecord(r.ref) ? r.ref : null;
  const chainType =
    typeof ref?.chainType === 'string' ? normalizeKlineChainType(ref.chainType) : null;
  const chainId = int(ref?.chainId, 0, 999_999_999_999);
  const address = typeof ref?.address === 'string' ? ref.address.trim() : '';
  const name = label(r.name);
  const chain = label(r.chain, 40);
  if (!chainType || chainId === null || !name || !chain) return null;
  if (address.length > 200 || poolAddressProblem(chainType, address)) return null;
  const canonical = chainType === 'evm' ? address.toLowerCase() : address;
  return { kind: 'pool', ref: { chainType, chainId, address: canonical }, name, chain };
}

function tx(r: Raw): Target | null {
  const chainType = typeof r.chainType === 'string' ? r.chainType.toLowerCase() : '';
  const chainId = int(r.chainId, 0, 999_999_999_999);
  const hash = typeof r.hash === 'string' ? r.hash.trim() : '';
  const chain = label(r.chain, 40);
  if (!isTxChainType(chainType) || chainId === null || !HASH.test(hash) || !chain) return null;
  return { kind: 'tx', chainType, chainId, hash, chain };
}

function wallet(r: Raw): Target | null {
  const family = FAMILIES.find((f) => f === r.family);
  const address = typeof r.address === 'string' ? r.address.trim() : '';
  const view = r.view === 'watch' || r.view === 'history' ? r.view : null;
  if (!family || !view || address.length > 100) return null;
  if (!checkAddress(family, address, { requireChecksum: false }).ok) return null;
  return { kind: 'wallet', family, address, view };
}

/** One entry read back, or null when it is not one this app wrote. */
export function parseTarget(raw: unknown): Target | null {
  if (!isRecord(raw)) return null;
  switch (raw.kind) {
    case 'token':
      return token(raw);
    case 'pool':
      return pool(raw);
    case 'tx':
      return tx(raw);
    case 'wallet':
      return wallet(raw);
    default:
      return null;
  }
}

/** The stored list as the palette may use it: valid entries, no repeats, at most MAX_RECENT. */
export function parseRecent(raw: unknown): Target[] {
  if (!Array.isArray(raw)) return [];
  const out: Target[] = [];
  const seen = new Set<string>();
  // A huge stored array is not walked to its end.
  for (const entry of raw.slice(0, MAX_RECENT * 4)) {
    const t = parseTarget(entry);
    if (!t || seen.has(targetKey(t))) continue;
    seen.add(targetKey(t));
    out.push(t);
    if (out.length === MAX_RECENT) break;
  }
  return out;
}

/** `target` moved (or added) to the front; the oldest entries beyond MAX_RECENT fall off. */
export function pushRecent(list: readonly Target[], target: Target): Target[] {
  const key = targetKey(target);
  return [target, ...list.filter((t) => targetKey(t) !== key)].slice(0, MAX_RECENT);
}

/** The entries a query finds: all of them for no query, else those containing every word of it. */
export function matchRecent(list: readonly Target[], query: string): Target[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((t) => {
    const text = targetText(t).toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
