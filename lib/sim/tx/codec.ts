/**
 * Transaction identity. Every simulated transaction is a pure function of (seed, series, t, j), where a
 * series is an address on a chain (its transfers) or a pool (its trades), t the Unix second and j a
 * small discriminator. The hash carries (series fingerprint, t, j) behind a keyed pad plus a 20-byte
 * checksum, so any hash the service ever returned can be turned back into its transaction without
 * storing it: only the fingerprint -> series table is kept (bounded, persisted). The cursor id is
 * t * 1e6 + a discriminator, so id order is time order across every series.
 */
import { base58, hex } from '@scure/base';
import { bytes, hash53 } from '../core/rng';
import { chainByName, type TxChain } from './chains';

export interface Series {
  kind: 'address' | 'pool';
  chain: TxChain;
  /** comparison key (lowercased EVM hex) */
  key: string;
  /** as first seen (monitored list, request, catalogue) */
  address: string;
  fp: number;
}

/** Bound of the fingerprint table: distinct address series the service can still re-derive hashes of. */
const SERIES_TABLE_LIMIT = 50_000;
const FP_MOD = 2 ** 48;
const ID_SCALE = 1_000_000;

export interface Decoded {
  fp: number;
  t: number;
  j: number;
}

export class Codec {
  private readonly table = new Map<number, Series>();
  /** pools are catalogue entries: always derivable, never evicted */
  private readonly pinned = new Set<number>();
  /** bumps when the table gains an entry that should be persisted */
  version = 0;

  constructor(private readonly seed: string) {}

  fingerprint(kind: Series['kind'], chain: TxChain, key: string): number {
    return hash53(`${this.seed}|series|${kind}|${chain.name}|${key}`) % FP_MOD;
  }

  series(kind: Series['kind'], chain: TxChain, key: string, address: string): Series {
    const fp = this.fingerprint(kind, chain, key);
    const known = this.table.get(fp);
    if (known) {
      // refresh its place in the LRU order
      this.table.delete(fp);
      this.table.set(fp, known);
      return known;
    }
    const created: Series = { kind, chain, key, address, fp };
    this.table.set(fp, created);
    if (kind === 'pool') this.pinned.add(fp);
    else this.version++;
    if (this.table.size > SERIES_TABLE_LIMIT + this.pinned.size) this.evictOne();
    return created;
  }

  lookup(fp: number): Series | undefined {
    return this.table.get(fp);
  }

  /** Address series to persist, oldest first. */
  exportTable(): [string, string, string][] {
    return [...this.table.values()]
      .filter((s) => s.kind === 'address')
      .map((s) => [s.chain.name, s.key, s.address]);
  }

  importTable(rows: readonly unknown[]): void {
    for (const row of rows) {
      if (!Array.isArray(row) || row.length !== 3 || !row.every((x) => typeof x === 'string'))
        continue;
      const [name, key, address] = row as [string, string, string];
      const chain = chainByName(name);
      if (chain) this.series('address', chain, key, address);
    }
  }

  /** The 32-byte core of a transaction's hash. */
  core(series: Series, t: number, j: number): Uint8Array {
    const head = new Uint8Array(12);
    writeUint(head, 0, 6, series.fp);
    writeUint(head, 6, 5, t);
    head[11] = j;
    const tail = bytes(`${this.seed}|check|${series.fp}|${t}|${j}`, 20);
    const pad = bytes(`${this.seed}|pad|${hex.encode(tail)}`, 12);
    const out = new Uint8Array(32);
    for (let i = 0; i < 12; i++) out[i] = (head[i] as number) ^ (pad[i] as number);
    out.set(tail, 12);
    return out;
  }

  decode(core: Uint8Array): Decoded | null {
    if (core.length !== 32) return null;
    const tail = core.slice(12);
    const pad = bytes(`${this.seed}|pad|${hex.encode(tail)}`, 12);
    const head = new Uint8Array(12);
    for (let i = 0; i < 12; i++) head[i] = (core[i] as number) ^ (pad[i] as number);
    const fp = readUint(head, 0, 6);
    const t = readUint(head, 6, 5);
    const j = head[11] as number;
    const check = bytes(`${this.seed}|check|${fp}|${t}|${j}`, 20);
    return check.every((b, i) => b === tail[i]) ? { fp, t, j } : null;
  }

  /** The hash as the chain writes it: 0x-hex (EVM), bare hex (Tron, Bitcoin), Base58 signature (Solana). */
  hash(series: Series, t: number, j: number): string {
    const core = this.core(series, t, j);
    switch (series.chain.family) {
      case 'evm':
        return `0x${hex.encode(core)}`;
      case 'solana': {
        const sig = new Uint8Array(64);
        sig.set(core);
        sig.set(bytes(`${this.seed}|sig|${hex.encode(core)}`, 32), 32);
        return base58.encode(sig);
      }
      default:
        return hex.encode(core);
    }
  }

  /** The canonical spelling of a requested hash on a chain (`0x` optional, hex case-insensitive). */
  normalizeHash(chain: TxChain, text: string): string | null {
    const value = text.trim();
    if (chain.family === 'solana')
      return /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(value) ? value : null;
    const bare = value.replace(/^0x/i, '').toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(bare)) return null;
    return chain.family === 'evm' ? `0x${bare}` : bare;
  }

  /** The core back out of a canonical hash. */
  coreOf(chain: TxChain, canonical: string): Uint8Array | null {
    try {
      if (chain.family === 'solana') {
        const sig = base58.decode(canonical);
        return sig.length === 64 ? sig.slice(0, 32) : null;
      }
      return hex.decode(canonical.replace(/^0x/, ''));
    } catch {
      return null;
    }
  }

  /** Cursor id; distinct for distinct j within one series and second. */
  id(series: Series, t: number, j: number): number {
    return t * ID_SCALE + (((series.fp % ID_SCALE) + j * 7919) % ID_SCALE);
  }

  private evictOne(): void {
    for (const fp of this.table.keys()) {
      if (this.pinned.has(fp)) continue;
      this.table.delete(fp);
      return;
    }
  }
}

/** A free id near `t` for a record outside any series (replayed transactions). */
export function looseId(t: number, salt: string): number {
  return t * ID_SCALE + (hash53(salt) % ID_SCALE);
}

function writeUint(out: Uint8Array, at: number, width: number, value: number): void {
  let v = value;
  for (let i = width - 1; i >= 0; i--) {
    out[at + i] = v % 256;
    v = Math.floor(v / 256);
  }
}

function readUint(from: Uint8Array, at: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 256 + (from[at + i] as number);
  return v;
}
