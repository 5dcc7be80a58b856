/**
 * The palette's list for a query, as data: recent entries first, then what the look-ups found
 * (pools and transactions before tokens for a pasted address or hash, as those are what a paste
 * usually means; tokens before the pools of a typed symbol, lib/features/palette/pool-match.ts), the wallet views of an address, then the commands that match. An entry shown as
 * recent is not repeated below it.
 */
import type { PoolObject, TokenItem } from '../../contracts/price/schema';
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { TxChainInfo } from '../wallets/chains';
import type { QueryClass } from './classify';
import { matchCommands, PAGE_KEYWORDS } from './commands';
import type { PoolProbe } from './lookups';
import { matchRecent } from './recent';
import { targetKey, type Target } from './targets';

export interface PoolHit {
  probe: PoolProbe;
  pool: PoolObject;
}

export interface TxHit {
  chain: TxChainInfo;
  hash: string;
  tx: TransactionDetail;
}

export type Entry =
  | { value: string; kind: 'recent'; target: Target }
  | { value: string; kind: 'token'; target: Target; token: TokenItem }
  | { value: string; kind: 'pool'; target: Target; pool: PoolObject }
  | { value: string; kind: 'tx'; target: Target; tx: TransactionDetail }
  | { value: string; kind: 'wallet'; target: Target }
  | { value: string; kind: 'page'; href: string; label: string }
  | { value: string; kind: 'search'; href: string; text: string }
  | { value: string; kind: 'theme'; next: 'dark' | 'light' };

export interface Group {
  id: 'recent' | 'pools' | 'txs' | 'tokens' | 'wallet' | 'pages' | 'actions';
  heading: string;
  entries: Entry[];
}

export interface GroupInput {
  q: QueryClass;
  recent: readonly Target[];
  tokens: readonly TokenItem[];
  pools: readonly PoolHit[];
  txs: readonly TxHit[];
  pages: readonly { href: string; label: string }[];
  theme: 'dark' | 'light';
}

export function tokenTarget(t: TokenItem): Target {
  return {
    kind: 'token',
    id: t.id,
    symbol: t.symbol,
    name: t.name,
    chain: t.chain_name,
    ...(t.logo_url ? { logo: t.logo_url } : {}),
  };
}

function queryText(q: QueryClass): string {
  switch (q.kind) {
    case 'empty':
      return '';
    case 'text':
      return q.text;
    case 'address':
      return q.address;
    case 'hash':
      return q.hash;
  }
}

export function buildGroups(input: GroupInput): Group[] {
  const { q } = input;
  const text = queryText(q);
  const groups: Group[] = [];
  const shown = new Set<string>();
  const add = (group: Group) => {
    const entries = group.entries.filter((e) => !shown.has(e.value));
    for (const e of entries) shown.add(e.value);
    if (entries.length) groups.push({ ...group, entries });
  };
  // Recent entries and results share their value (the target's key), so a result already listed
  // as recent is dropped from its own group.
  add({
    id: 'recent',
    heading: 'Recent',
    entries: matchRecent(input.recent, text).map((target) => ({
      value: targetKey(target),
      kind: 'recent',
      target,
    })),
  });
  const pools: Group = {
    id: 'pools',
    heading: 'Pools',
    entries: input.pools.map(({ probe, pool }) => {
      const target: Target = { kind: 'pool', ref: probe.ref, name: pool.name, chain: probe.chain };
      return { value: targetKey(target), kind: 'pool', target, pool };
    }),
  };
  // A pasted address means a pool first; a typed symbol means its token first, then its pools.
  if (q.kind !== 'text') add(pools);
  add({
    id: 'txs',
    heading: 'Transactions',
    entries: input.txs.map(({ chain, hash, tx }) => {
      const target: Target = {
        kind: 'tx',
        chainType: chain.type,
        chainId: chain.chainId ?? tx.chain_id,
        hash,
        chain: chain.label,
      };
      return { value: targetKey(target), kind: 'tx', target, tx };
    }),
  });
  add({
    id: 'tokens',
    heading: 'Tokens',
    entries: input.tokens.map((token) => {
      const target = tokenTarget(token);
      return { value: targetKey(target), kind: 'token', target, token };
    }),
  });
  if (q.kind === 'text') add(pools);
  if (q.kind === 'address') {
    add({
      id: 'wallet',
      heading: 'Wallet',
      entries: (['watch', 'history'] as const).map((view) => {
        const target: Target = { kind: 'wallet', family: q.family, address: q.address, view };
        return { value: targetKey(target), kind: 'wallet', target };
      }),
    });
  }
  if (q.kind === 'empty' || q.kind === 'text') {
    const pages = input.pages.map((p) => ({ ...p, keywords: PAGE_KEYWORDS[p.href] ?? '' }));
    add({
      id: 'pages',
      heading: 'Go to',
      entries: matchCommands(pages, text).map((p) => ({
        value: `page:${p.href}`,
        kind: 'page',
        href: p.href,
        label: p.label,
      })),
    });
    const next = input.theme === 'dark' ? 'light' : 'dark';
    const theme = { label: `Switch to ${next} theme`, keywords: 'mode appearance' };
    const actions: Entry[] = matchCommands([theme], text).map(() => ({
      value: 'action:theme',
      kind: 'theme',
      next,
    }));
    if (q.kind === 'text')
      actions.push({
        value: 'action:search',
        kind: 'search',
        href: `/?q=${encodeURIComponent(q.text)}`,
        text: q.text,
      });
    add({
      id: 'actions',
      heading: q.kind === 'text' ? 'Actions' : 'Preferences',
      entries: actions,
    });
  }
  return groups;
}
