import { describe, expect, it } from 'vitest';
import { transfersToCsv } from '@/lib/features/wallets/csv';
import { csvCell } from '@/lib/core/csv';
import {
  historyFromParams,
  historyToParams,
  requestOf,
  validateHistory,
  type MultiQuery,
} from '@/lib/features/wallets/history';
import { nextCursor } from '@/lib/features/wallets/cursor';
import { pickReplayCandidate, replayMessage } from '@/lib/features/wallets/replay';
import { txIdentity } from '@/lib/contracts/tx/identity';
import { VITALIK, evmTx } from './fixtures';

describe('history form limits, checked before any call', () => {
  const search = {
    mode: 'address' as const,
    address: VITALIK,
    chainType: null,
    txType: '' as const,
    token: '',
    limit: 20,
  };

  it('limit 1..100', () => {
    expect(validateHistory({ ...search, limit: 0 }).limit).toBeTruthy();
    expect(validateHistory({ ...search, limit: 101 }).limit).toBeTruthy();
    expect(validateHistory({ ...search, limit: 1.5 }).limit).toBeTruthy();
    expect(validateHistory({ ...search, limit: 100 })).toEqual({});
  });

  it('the address must suit the chain, or some chain when none is chosen', () => {
    expect(validateHistory({ ...search, chainType: 'solana' }).address).toMatch(/solana/);
    expect(validateHistory({ ...search, address: 'hello' }).address).toBeTruthy();
  });

  it('at most 10 groups and 20 addresses a group', () => {
    const group = { chainType: 'ethereum', chainId: 1, addresses: VITALIK };
    const q: MultiQuery = {
      mode: 'multi',
      groups: Array.from({ length: 11 }, () => group),
      limit: 20,
    };
    expect(validateHistory(q).groups).toMatch(/10/);
    const many = Array.from({ length: 21 }, () => VITALIK).join('\n');
    expect(
      validateHistory({ ...q, groups: [{ ...group, addresses: many }] })['groups.0.addresses'],
    ).toMatch(/20/);
    expect(validateHistory({ ...q, groups: [group] })).toEqual({});
    expect(
      validateHistory({ ...q, groups: [{ ...group, chainId: null }] })['groups.0.chainId'],
    ).toBeTruthy();
  });

  it('bodies follow the seed: the cursor is `id`, filters only when set', () => {
    expect(requestOf(search, undefined)).toEqual({
      path: '/transfers/search',
      body: { address: VITALIK, limit: 20 },
    });
    expect(
      requestOf({ ...search, chainType: 'base', txType: 'token', token: '0xA0' }, 42).body,
    ).toEqual({
      address: VITALIK,
      chain_type: 'base',
      tx_type: 'token',
      token: '0xA0',
      limit: 20,
      id: 42,
    });
    const multi: MultiQuery = {
      mode: 'multi',
      groups: [
        { chainType: 'ethereum', chainId: 1, addresses: `${VITALIK}, ${VITALIK.toLowerCase()}` },
      ],
      limit: 5,
    };
    expect(requestOf(multi, 7)).toEqual({
      path: '/transfers/multi-chain',
      body: {
        addresses: [
          { chain_type: 'ethereum', chain_id: 1, address: [VITALIK, VITALIK.toLowerCase()] },
        ],
        limit: 5,
        id: 7,
      },
    });
  });

  it('next cursor: the last id while a page is full; none once fewer than limit came back', () => {
    const page = [evmTx(), evmTx(), evmTx()];
    expect(nextCursor(page, 3)).toBe(page[2]!.id);
    expect(nextCursor(page.slice(0, 2), 3)).toBeUndefined();
    expect(nextCursor([], 3)).toBeUndefined();
  });

  it('a symbol in the token filter is refused with a hint that it takes a contract address', () => {
    expect(validateHistory({ ...search, token: 'USDC' }).token).toMatch(
      /looks like a symbol: this filter takes the token's contract address/,
    );
    expect(
      validateHistory({ ...search, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }).token,
    ).toBeUndefined();
    expect(
      validateHistory({ ...search, token: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' }).token,
    ).toBeUndefined();
  });

  it('a limit in a link is clamped to the service range (1..100), never shown as a raw error', () => {
    const of = (limit: string) => {
      const params = new URLSearchParams(
        Object.entries(historyToParams({ ...search, limit: 20 })).filter(
          (e): e is [string, string] => e[1] !== null,
        ),
      );
      params.set('limit', limit);
      return historyFromParams(params)?.limit;
    };
    expect(of('5000')).toBe(100);
    expect(of('100')).toBe(100);
    expect(of('0')).toBe(1);
    expect(of('35')).toBe(35);
    expect(of('abc')).toBe(20);
  });

  it('the query lives in the URL and comes back the same', () => {
    const q = { ...search, chainType: 'ethereum', txType: 'native' as const, limit: 50 };
    const params = new URLSearchParams(
      Object.entries(historyToParams(q)).filter((e): e is [string, string] => e[1] !== null),
    );
    expect(historyFromParams(params)).toEqual(q);
    const multi: MultiQuery = {
      mode: 'multi',
      groups: [
        {
          chainType: 'solana',
          chainId: 501,
          addresses: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
        },
      ],
      limit: 20,
    };
    const mp = new URLSearchParams(
      Object.entries(historyToParams(multi)).filter((e): e is [string, string] => e[1] !== null),
    );
    expect(historyFromParams(mp)).toEqual(multi);
  });
});

describe('CSV of loaded transfers', () => {
  it('exact amounts, UTC time, a header, and formula-looking text defused', () => {
    const csv = transfersToCsv(
      [evmTx({ amount: '123456789012345678901234', symbol: '=HYPERLINK("x")' })],
      () => VITALIK,
    );
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toMatch(/^id,time_utc,chain_type/);
    expect(line).toContain('123456.789012345678901234');
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    expect(line).toContain(',out,');
    expect(csvCell('-12.5')).toBe('-12.5');
  });
});

describe('test event', () => {
  it('is a full transaction push message with the wallet as listenAddress and no cursor id', () => {
    const tx = evmTx();
    const m = replayMessage(tx, VITALIK, 1000);
    expect(m).toMatchObject({
      type: 'transaction',
      code: 0,
      time: 1000,
      data: { tx_hash: tx.tx_hash, listenAddress: [VITALIK], is_reorg_resend: false },
    });
    expect('id' in m.data).toBe(false);
    expect(typeof m.id).toBe('string');
  });

  it('picks an older successful transaction the feed has not shown yet', () => {
    const now = 1_795_100_000;
    const fresh = evmTx({ tx_time: now - 10 });
    const shown = evmTx({ tx_time: now - 7200 });
    const failed = evmTx({ tx_time: now - 7300, tx_status: 'failed' });
    const old = evmTx({ tx_time: now - 7400 });
    expect(
      pickReplayCandidate([fresh, shown, failed, old], new Set([txIdentity(shown)]), now),
    ).toBe(old);
    expect(pickReplayCandidate([fresh], new Set(), now)).toBe(fresh);
    expect(pickReplayCandidate([], new Set(), now)).toBeNull();
  });
});
