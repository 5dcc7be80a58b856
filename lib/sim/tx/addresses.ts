/**
 * The monitored-address list. Entries keep the chain_type they were added under (`evm` covers every
 * EVM chain) and the address as first given; EVM hex compares case-insensitively.
 */
import type { Router } from '../core/http';
import { addressKey } from '../../core/address/key';
import { CHAIN_TYPES, validAddress, type TxChain } from './chains';
import { addressFamily, type AddressFamily } from '../../core/address';
import { bad, bodyOf, ok, onEndpoint } from './rest';

export interface MonitoredEntry {
  chain_type: string;
  key: string;
  address: string;
}

export class Monitored {
  /** keyed `${chain_type}|${key}`: an add or a remove is one look-up, not a scan of the list */
  private readonly entries = new Map<string, MonitoredEntry>();

  constructor(readonly max = Infinity) {}

  get size(): number {
    return this.entries.size;
  }

  list(): readonly MonitoredEntry[] {
    return [...this.entries.values()];
  }

  private id(chainType: string, address: string): { id: string; key: string } {
    const family = addressFamily(chainType) as AddressFamily;
    const key = addressKey(family, address);
    return { id: `${chainType}|${key}`, key };
  }

  has(chainType: string, address: string): boolean {
    return this.entries.has(this.id(chainType, address).id);
  }

  /** False when already there, or when the list is full (`max`). */
  add(chainType: string, address: string): boolean {
    const { id, key } = this.id(chainType, address);
    if (this.entries.has(id) || this.entries.size >= this.max) return false;
    this.entries.set(id, { chain_type: chainType, key, address: address.trim() });
    return true;
  }

  remove(chainType: string, address: string): boolean {
    return this.entries.delete(this.id(chainType, address).id);
  }

  /** `evm` asks "on any EVM chain"; a named EVM chain also finds an `evm` entry. */
  contains(chainType: string, address: string): boolean {
    const family = addressFamily(chainType) as AddressFamily;
    const key = addressKey(family, address);
    if (this.entries.has(`${chainType}|${key}`)) return true;
    if (family !== 'evm') return false;
    for (const e of this.entries.values()) {
      if (e.key !== key) continue;
      if (chainType === 'evm' ? addressFamily(e.chain_type) === 'evm' : e.chain_type === 'evm')
        return true;
    }
    return false;
  }

  /** Monitored entries among a transaction's participants on `chain`, as they were added. */
  matches(chain: TxChain, participantKeys: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const e of this.entries.values()) {
      const onChain =
        e.chain_type === chain.name || (e.chain_type === 'evm' && chain.family === 'evm');
      if (onChain && participantKeys.has(e.key) && !out.includes(e.address)) out.push(e.address);
    }
    return out;
  }

  export(): { chain_type: string; address: string }[] {
    return this.list().map((e) => ({ chain_type: e.chain_type, address: e.address }));
  }

  import(rows: readonly unknown[]): void {
    for (const row of rows) {
      if (typeof row !== 'object' || row === null) continue;
      const { chain_type, address } = row as Record<string, unknown>;
      if (
        typeof chain_type === 'string' &&
        typeof address === 'string' &&
        CHAIN_TYPES.includes(chain_type)
      ) {
        this.add(chain_type, address);
      }
    }
  }

  /** How many of these would be new: a request that would overflow `max` is refused whole. */
  wouldAdd(groups: readonly { chainType: string; addresses: readonly string[] }[]): number {
    const ids = new Set<string>();
    for (const g of groups)
      for (const a of g.addresses) {
        const { id } = this.id(g.chainType, a);
        if (!this.entries.has(id)) ids.add(id);
      }
    return ids.size;
  }
}

/** chain_type lowercased and supported, and every address valid for its family; else the 400 message. */
export function checkGroup(
  chainTypeRaw: string,
  addresses: readonly string[],
  at: string,
  listField = 'address',
): { chainType: string; error: null } | { chainType: null; error: string } {
  const chainType = chainTypeRaw.trim().toLowerCase();
  if (!CHAIN_TYPES.includes(chainType)) {
    return {
      chainType: null,
      error: `${at}chain_type "${chainTypeRaw}" is not supported (one of ${CHAIN_TYPES.join(', ')})`,
    };
  }
  const family = addressFamily(chainType);
  for (const [i, address] of addresses.entries()) {
    const error = family ? validAddress(family, address, `${at}${listField}[${i}]`) : null;
    if (error) return { chainType: null, error };
  }
  return { chainType, error: null };
}

export interface AddressDeps {
  /** the monitored list of the application the request's key names */
  monitored(request: Request): Monitored;
  /** who that application is, for the message when its list is full */
  label(request: Request): string;
  persist(request: Request): void;
}

function full(monitored: Monitored, label: string): Response {
  return bad(`${label} monitors at most ${monitored.max} addresses: remove some first`);
}

export function addressRoutes(router: Router, deps: AddressDeps): void {
  const wallets = (body: Record<string, unknown>) =>
    (body.wallets as { chain_type: string; address: string[] }[]).map((g, i) => ({
      group: g,
      result: checkGroup(g.chain_type, g.address, `wallets[${i}].`),
    }));

  onEndpoint(router, 'tx.addresses.add', (req, ctx) => {
    const groups = wallets(bodyOf(req));
    const failed = groups.find((g) => g.result.error !== null);
    if (failed?.result.error) return bad(failed.result.error);
    const monitored = deps.monitored(ctx.request);
    const adding = groups.map(({ group, result }) => ({
      chainType: result.chainType as string,
      addresses: group.address,
    }));
    if (monitored.size + monitored.wouldAdd(adding) > monitored.max)
      return full(monitored, deps.label(ctx.request));
    for (const g of adding) for (const a of g.addresses) monitored.add(g.chainType, a);
    deps.persist(ctx.request);
    return ok('success');
  });

  onEndpoint(router, 'tx.addresses.batchDelete', (req, ctx) => {
    const groups = wallets(bodyOf(req));
    const failed = groups.find((g) => g.result.error !== null);
    if (failed?.result.error) return bad(failed.result.error);
    const monitored = deps.monitored(ctx.request);
    for (const { group, result } of groups)
      for (const a of group.address) monitored.remove(result.chainType as string, a);
    deps.persist(ctx.request);
    return ok('success');
  });

  onEndpoint(router, 'tx.addresses.patch', (req, ctx) => {
    const body = bodyOf(req);
    const adds = (body.adds as string[] | undefined) ?? [];
    const removes = (body.removes as string[] | undefined) ?? [];
    const a = checkGroup(body.chain_type as string, adds, '', 'adds');
    if (a.error !== null) return bad(a.error);
    const r = checkGroup(body.chain_type as string, removes, '', 'removes');
    if (r.error !== null) return bad(r.error);
    const monitored = deps.monitored(ctx.request);
    // Conservative: the removes of the same call are not counted as room.
    if (
      monitored.size + monitored.wouldAdd([{ chainType: a.chainType, addresses: adds }]) >
      monitored.max
    )
      return full(monitored, deps.label(ctx.request));
    // removes first, then adds: an address in both lists ends up monitored
    for (const address of removes) monitored.remove(a.chainType, address);
    for (const address of adds) monitored.add(a.chainType, address);
    deps.persist(ctx.request);
    return ok('success');
  });

  onEndpoint(router, 'tx.addresses.contains', (req, ctx) => {
    const body = bodyOf(req);
    const result = checkGroup(body.chain_type as string, [body.address as string], '', 'address');
    if (result.error !== null) return bad(result.error.replace('address[0]', 'address'));
    return ok({
      is_exist: deps.monitored(ctx.request).contains(result.chainType, body.address as string),
    });
  });
}
