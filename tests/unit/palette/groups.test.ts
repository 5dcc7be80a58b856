import { describe, expect, it } from 'vitest';
import { classifyQuery } from '@/lib/features/palette/classify';
import { matchCommands } from '@/lib/features/palette/commands';
import { buildGroups, tokenTarget, type GroupInput } from '@/lib/features/palette/groups';
import type { PoolObject, TokenItem } from '@/lib/contracts/price/schema';
import type { TransactionDetail } from '@/lib/contracts/tx/schema';
import { TX_CHAINS } from '@/lib/features/wallets/chains';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const HASH = `0x${'ef'.repeat(32)}`;
const PAGES = [
  { href: '/', label: 'Markets' },
  { href: '/pools', label: 'Pools' },
  { href: '/wallets', label: 'Wallets' },
  { href: '/settings', label: 'Settings' },
];

const usdc: TokenItem = {
  id: 6,
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  chain_id: 1,
  chain_name: 'Ethereum',
  contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  is_native: false,
};
const weth: TokenItem = { ...usdc, id: 7, name: 'Wrapped Ether', symbol: 'WETH' };
const poolObject = { name: 'WETH / USDC 0.05%', dex: 'uniswap_v3' } as PoolObject;
const ethereum = TX_CHAINS[0]!;

function input(text: string, patch: Partial<GroupInput> = {}): GroupInput {
  return {
    q: classifyQuery(text),
    recent: [],
    tokens: [],
    pools: [],
    txs: [],
    pages: PAGES,
    theme: 'dark',
    ...patch,
  };
}

const ids = (groups: ReturnType<typeof buildGroups>) => groups.map((g) => g.id);
const values = (groups: ReturnType<typeof buildGroups>) =>
  groups.flatMap((g) => g.entries.map((e) => e.value));

describe('the palette list', () => {
  it('with no text: recent entries first, then the pages, then the theme', () => {
    const groups = buildGroups(input('', { recent: [tokenTarget(weth)] }));
    expect(ids(groups)).toEqual(['recent', 'pages', 'actions']);
    expect(values(groups)).toEqual([
      'token:7',
      'page:/',
      'page:/pools',
      'page:/wallets',
      'page:/settings',
      'action:theme',
    ]);
    const theme = groups.at(-1)!.entries[0]!;
    expect(theme.kind === 'theme' && theme.next).toBe('light');
  });

  it('a recent token the query finds comes first and is not repeated among the tokens', () => {
    const groups = buildGroups(
      input('usdc', { recent: [tokenTarget(usdc)], tokens: [usdc, { ...usdc, id: 12 }] }),
    );
    expect(ids(groups)).toEqual(['recent', 'tokens', 'actions']);
    expect(values(groups)).toEqual(['token:6', 'token:12', 'action:search']);
    const search = groups.at(-1)!.entries.at(-1)!;
    expect(search.kind === 'search' && search.href).toBe('/?q=usdc');
  });

  it('text finds pages by the start of a word of their name or keywords', () => {
    expect(values(buildGroups(input('set')))).toEqual(['page:/settings', 'action:search']);
    expect(values(buildGroups(input('dex')))).toContain('page:/pools');
    expect(values(buildGroups(input('dark')))).not.toContain('action:theme');
    expect(values(buildGroups(input('light')))).toContain('action:theme');
  });

  it('an address lists the pool found, the tokens, and always the two wallet views', () => {
    const groups = buildGroups(
      input(POOL, {
        pools: [
          {
            probe: { ref: { chainType: 'evm', chainId: 1, address: POOL }, chain: 'Ethereum' },
            pool: poolObject,
          },
        ],
        tokens: [weth],
      }),
    );
    expect(ids(groups)).toEqual(['pools', 'tokens', 'wallet']);
    expect(values(groups)).toEqual([
      `pool:evm:1:${POOL}`,
      'token:7',
      `wallet:watch:${POOL}`,
      `wallet:history:${POOL}`,
    ]);
    // Nothing found: the wallet views are still offered, and no page commands.
    expect(ids(buildGroups(input(POOL)))).toEqual(['wallet']);
  });

  it('a hash lists the transactions found on their chains, and nothing else', () => {
    const tx = { chain_type: 'ethereum', chain_id: 1, tx_status: 'success' } as TransactionDetail;
    const groups = buildGroups(input(HASH, { txs: [{ chain: ethereum, hash: HASH, tx }] }));
    expect(ids(groups)).toEqual(['txs']);
    const entry = groups[0]!.entries[0]!;
    expect(entry.kind === 'tx' && entry.target).toEqual({
      kind: 'tx',
      chainType: 'ethereum',
      chainId: 1,
      hash: HASH,
      chain: 'Ethereum',
    });
    expect(buildGroups(input(HASH))).toEqual([]);
  });
});

describe('matchCommands', () => {
  it('every word must start a word of the label or keywords', () => {
    const list = [{ label: 'Fiats', keywords: 'currencies rates convert' }, { label: 'Chains' }];
    expect(matchCommands(list, '')).toEqual(list);
    expect(matchCommands(list, 'conv')).toEqual([list[0]]);
    expect(matchCommands(list, 'rates fi')).toEqual([list[0]]);
    expect(matchCommands(list, 'hains')).toEqual([]);
  });
});

describe('the palette list for a typed symbol', () => {
  it('lists the token first, then the pools the symbol names', () => {
    const ref = { chainType: 'evm' as const, chainId: 1, address: POOL };
    const groups = buildGroups(
      input('USDC', {
        tokens: [usdc],
        pools: [{ probe: { ref, chain: 'Ethereum' }, pool: poolObject }],
      }),
    );
    expect(ids(groups).slice(0, 2)).toEqual(['tokens', 'pools']);
  });
});
