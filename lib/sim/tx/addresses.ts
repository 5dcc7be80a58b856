/**
 * The monitored-address list. Entries keep the chain_type they were added under (`evm` covers every
 * EVM chain) and the address as first given; EVM hex compares case-insensitively.
 */
import type { Router } from '../core/http';
import { addressKey, CHAIN_TYPES, validAddress, type TxChain } from './chains';
import { addressFamily, type AddressFamily } from '../../address';
import { bad, bodyOf, check, endpointRequest, ok } from './rest';

export interface MonitoredEntry {
  chain_type: string;
  key: string;
  address: string;
}

export class Monitored {
  private entries: MonitoredEntry[] = [];

  list(): readonly MonitoredEntry[] {
    return this.entries;
  }

  add(chainType: string, address: string): boolean {
    const family = addressFamily(chainType) as AddressFamily;
    const key = addressKey(family, address);
    if (this.entries.some((e) => e.chain_type === chainType && e.key === key)) return false;
    this.entries.push({ chain_type: chainType, key, address: address.trim() });
    return true;
  }

  remove(chainType: string, address: string): boolean {
    const family = addressFamily(chainType) as AddressFamily;
    const key = addressKey(family, address);
    const before = this.entries.length;
    this.entries = this.entries.filter((e) => !(e.chain_type === chainType && e.key === key));
    return this.entries.length !== before;
  }

  /** `evm` asks "on any EVM chain"; a named EVM chain also finds an `evm` entry. */
  contains(chainType: string, address: string): boolean {
    const family = addressFamily(chainType) as AddressFamily;
    const key = addressKey(family, address);
    return this.entries.some(
      (e) =>
        e.key === key &&
        (e.chain_type === chainType ||
          (chainType === 'evm' && addressFamily(e.chain_type) === 'evm') ||
          (e.chain_type === 'evm' && family === 'evm')),
    );
  }

  /** Monitored entries among a transaction's participants on `chain`, as they were added. */
  matches(chain: TxChain, participantKeys: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const e of this.entries) {
      const onChain =
        e.chain_type === chain.name || (e.chain_type === 'evm' && chain.family === 'evm');
      if (onChain && participantKeys.has(e.key) && !out.includes(e.address)) out.push(e.address);
    }
    return out;
  }

  export(): { chain_type: string; address: string }[] {
    return this.entries.map((e) => ({ chain_type: e.chain_type, address: e.address }));
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

export function addressRoutes(
  router: Router,
  deps: { monitored: Monitored; persist(): void },
): void {
  const { monitored } = deps;

  const wallets = (body: Record<string, unknown>) =>
    (body.wallets as { chain_type: string; address: string[] }[]).map((g, i) => ({
      group: g,
      result: checkGroup(g.chain_type, g.address, `wallets[${i}].`),
    }));

  router.on('POST', '/addresses', async (ctx) => {
    const req = await endpointRequest(ctx);
    const rejected = check('tx.addresses.add', req);
    if (rejected) return rejected;
    const groups = wallets(bodyOf(req));
    const failed = groups.find((g) => g.result.error !== null);
    if (failed?.result.error) return bad(failed.result.error);
    for (const { group, result } of groups)
      for (const a of group.address) monitored.add(result.chainType as string, a);
    deps.persist();
    return ok('success');
  });

  router.on('POST', '/addresses/batch-delete', async (ctx) => {
    const req = await endpointRequest(ctx);
    const rejected = check('tx.addresses.batchDelete', req);
    if (rejected) return rejected;
    const groups = wallets(bodyOf(req));
    const failed = groups.find((g) => g.result.error !== null);
    if (failed?.result.error) return bad(failed.result.error);
    for (const { group, result } of groups)
      for (const a of group.address) monitored.remove(result.chainType as string, a);
    deps.persist();
    return ok('success');
  });

  router.on('PATCH', '/addresses', async (ctx) => {
    const req = await endpointRequest(ctx);
    const rejected = check('tx.addresses.patch', req);
    if (rejected) return rejected;
    const body = bodyOf(req);
    const adds = (body.adds as string[] | undefined) ?? [];
    const removes = (body.removes as string[] | undefined) ?? [];
    const a = checkGroup(body.chain_type as string, adds, '', 'adds');
    if (a.error !== null) return bad(a.error);
    const r = checkGroup(body.chain_type as string, removes, '', 'removes');
    if (r.error !== null) return bad(r.error);
    // removes first, then adds: an address in both lists ends up monitored
    for (const address of removes) monitored.remove(a.chainType, address);
    for (const address of adds) monitored.add(a.chainType, address);
    deps.persist();
    return ok('success');
  });

  router.on('POST', '/addresses/contains', async (ctx) => {
    const req = await endpointRequest(ctx);
    const rejected = check('tx.addresses.contains', req);
    if (rejected) return rejected;
    const body = bodyOf(req);
    const result = checkGroup(body.chain_type as string, [body.address as string], '', 'address');
    if (result.error !== null) return bad(result.error.replace('address[0]', 'address'));
    return ok({ is_exist: monitored.contains(result.chainType, body.address as string) });
  });
}
