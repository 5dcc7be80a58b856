import { describe, expect, it } from 'vitest';
import {
  MAX_RECENT,
  matchRecent,
  parseRecent,
  parseTarget,
  pushRecent,
} from '@/lib/features/palette/recent';
import { targetHref, targetKey, type Target } from '@/lib/features/palette/targets';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const HASH = `0x${'cd'.repeat(32)}`;

const usdc: Target = {
  kind: 'token',
  id: 6,
  symbol: 'USDC',
  name: 'USD Coin',
  chain: 'Ethereum',
  logo: 'https://assets.example/usdc.png',
};
const pool: Target = {
  kind: 'pool',
  ref: { chainType: 'evm', chainId: 1, address: POOL },
  name: 'WETH / USDC 0.05%',
  chain: 'Ethereum',
};
const tx: Target = { kind: 'tx', chainType: 'ethereum', chainId: 1, hash: HASH, chain: 'Ethereum' };
const watch: Target = { kind: 'wallet', family: 'evm', address: WALLET, view: 'watch' };

const token = (id: number): Target => ({
  kind: 'token',
  id,
  symbol: `T${id}`,
  name: `Token ${id}`,
  chain: 'Ethereum',
});

describe('recent entries', () => {
  it('round-trip through JSON: what the app stores is read back unchanged', () => {
    const list = [usdc, pool, tx, watch];
    expect(parseRecent(JSON.parse(JSON.stringify(list)))).toEqual(list);
  });

  it('newest first, one entry per place, capped', () => {
    let list: Target[] = [];
    for (let i = 1; i <= MAX_RECENT + 3; i++) list = pushRecent(list, token(i));
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]).toEqual(token(MAX_RECENT + 3));
    expect(list.at(-1)).toEqual(token(4));
    // Opening an older one again moves it to the front without a duplicate.
    list = pushRecent(list, token(6));
    expect(list[0]).toEqual(token(6));
    expect(list.filter((t) => targetKey(t) === 'token:6')).toHaveLength(1);
    expect(list).toHaveLength(MAX_RECENT);
  });

  it('the same wallet in another case is one entry; its two views are two', () => {
    let list = pushRecent([], watch);
    list = pushRecent(list, { ...watch, address: WALLET.toLowerCase() });
    expect(list).toHaveLength(1);
    list = pushRecent(list, { ...watch, view: 'history' });
    expect(list).toHaveLength(2);
  });

  it('anything that is not a list reads as an empty list', () => {
    for (const raw of [null, undefined, 'x', 42, {}, { 0: usdc }])
      expect(parseRecent(raw)).toEqual([]);
  });

  it('tampered entries are dropped one by one; the rest survive', () => {
    const raw = [
      usdc,
      { ...usdc, id: -1 },
      { ...usdc, id: 1.5 },
      { ...usdc, symbol: 42 },
      { kind: 'page', href: 'https://evil.example' },
      { ...pool, ref: { chainType: 'evm', chainId: 1, address: 'javascript:alert(1)' } },
      { ...pool, ref: { chainType: 'nope', chainId: 1, address: POOL } },
      { ...pool, ref: { chainType: 'evm', chainId: '1', address: POOL } },
      { ...tx, chainType: 'https:' },
      { ...tx, hash: '../../api/admin' },
      { ...watch, address: '0x12' },
      { ...watch, view: 'delete' },
      { ...watch, family: 'cosmos' },
      pool,
      '<img src=x>',
      null,
    ];
    expect(parseRecent(raw)).toEqual([usdc, pool]);
  });

  it('a logo is kept only as an http(s) URL; long labels are clipped', () => {
    const bad = parseTarget({ ...usdc, logo: 'javascript:alert(1)', name: 'n'.repeat(500) });
    expect(bad).not.toBeNull();
    expect(bad).not.toHaveProperty('logo');
    expect(bad?.kind === 'token' && bad.name.length).toBe(80);
  });

  it('an EVM pool read back is lowercased, as the pool page spells it', () => {
    const upper = {
      ...pool,
      ref: { ...pool.ref, address: POOL.toUpperCase().replace('0X', '0x') },
    };
    expect(parseTarget(upper)).toEqual(pool);
  });

  it('duplicates in storage collapse, and a huge stored array is not walked to its end', () => {
    expect(parseRecent([usdc, usdc, pool])).toEqual([usdc, pool]);
    const huge = [...Array.from({ length: 100_000 }, () => 'junk'), usdc];
    expect(parseRecent(huge)).toEqual([]);
  });

  it('a query finds the entries containing each of its words', () => {
    const list = [usdc, pool, tx, watch];
    expect(matchRecent(list, '')).toEqual(list);
    expect(matchRecent(list, 'usdc')).toEqual([usdc, pool]);
    expect(matchRecent(list, 'weth usdc')).toEqual([pool]);
    expect(matchRecent(list, WALLET.toLowerCase())).toEqual([watch]);
    // Hex has no case: a hash pasted in capitals finds its entry.
    expect(matchRecent(list, HASH.toUpperCase().replace('0X', '0x'))).toEqual([tx]);
    expect(matchRecent(list, 'solana')).toEqual([]);
  });
});

describe('where an entry leads', () => {
  it('each kind opens its own page of this app', () => {
    expect(targetHref(usdc)).toBe('/tokens/6');
    expect(targetHref(pool)).toBe(`/pools/evm/1/${POOL}`);
    expect(targetHref(tx)).toBe(`/tx/ethereum/1/${HASH}`);
    expect(targetHref(watch)).toBe(`/wallets?watch=evm%3A${WALLET}`);
    expect(targetHref({ ...watch, view: 'history' })).toBe(
      `/wallets?tab=history&address=${WALLET}`,
    );
  });

  it('every href of a read-back entry is a path of this origin', () => {
    const raw = [usdc, pool, tx, watch, { ...watch, view: 'history' }];
    for (const t of parseRecent(raw)) {
      const href = targetHref(t);
      expect(href.startsWith('/')).toBe(true);
      expect(href.startsWith('//')).toBe(false);
      expect(new URL(href, 'https://pulse.example').origin).toBe('https://pulse.example');
    }
  });
});
