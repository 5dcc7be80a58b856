import { describe, expect, it } from 'vitest';
import { counterpartyOf, directionOf, matchedWallet } from '@/lib/features/wallets/direction';
import {
  emptyFeed,
  ingest,
  kindOf,
  matchesFilter,
  setPaused,
  toRow,
  type FeedRow,
} from '@/lib/features/wallets/feed';
import { sameAddress } from '@/lib/features/wallets/chains';
import { feedToCsv } from '@/lib/features/wallets/csv';
import { BTC_ME, BTC_OTHER, OTHER, VITALIK, btcTx, evmTx } from './fixtures';

describe('direction relative to the matched wallet', () => {
  it('EVM: out when the wallet sends, in when it receives, self when both; case does not matter', () => {
    const tx = evmTx();
    expect(directionOf(tx, VITALIK)).toBe('out');
    expect(directionOf(tx, OTHER.toLowerCase())).toBe('in');
    expect(directionOf(evmTx({ receiver: VITALIK }), VITALIK)).toBe('self');
    expect(directionOf(tx, '0x0000000000000000000000000000000000000001')).toBeNull();
    expect(counterpartyOf(tx, VITALIK, 'out')).toBe(OTHER);
    expect(counterpartyOf(tx, OTHER, 'in')).toBe(VITALIK);
  });

  it('token transfers count when the top level does not name the wallet (a router swap)', () => {
    const tx = evmTx({
      receiver: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      sender: OTHER,
      token_transfers: [
        {
          from_address: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
          to_address: VITALIK,
          token_contract_address: '0xA0b8',
          symbol: 'USDC',
          amount: '1',
          decimals: 6,
          is_from_contract: true,
          is_to_contract: false,
          from_token_address: null,
          to_token_address: null,
          mint: null,
          program_id: null,
        },
      ],
    });
    expect(directionOf(tx, VITALIK)).toBe('in');
  });

  it('UTXO: the change output back to the sender does not make it "self"', () => {
    const tx = btcTx();
    expect(directionOf(tx, BTC_ME)).toBe('in');
    expect(directionOf(tx, BTC_OTHER)).toBe('out');
    // only in the inputs (not the top-level sender): paid, so out
    expect(directionOf(btcTx({ sender: null, receiver: null }), BTC_OTHER)).toBe('out');
  });

  it('the matched wallet is a listenAddress that takes part, else a known address that does', () => {
    expect(matchedWallet({ ...evmTx(), listenAddress: [OTHER] })).toBe(OTHER);
    expect(
      matchedWallet(evmTx(), ['0x0000000000000000000000000000000000000001', VITALIK.toLowerCase()]),
    ).toBe(VITALIK.toLowerCase());
    expect(matchedWallet(evmTx())).toBeNull();
  });
});

function row(p: Parameters<typeof evmTx>[0] = {}, listen = [VITALIK]): FeedRow {
  return toRow({ ...evmTx(p), listenAddress: listen, is_reorg_resend: false }, [], 0);
}

describe('the live feed model', () => {
  it('drops duplicates by the seed identity (chain, id, hash); a reorg re-send is shown, marked', () => {
    const a = row();
    let s = ingest(emptyFeed(), [a]);
    s = ingest(s, [
      { ...a },
      toRow({ ...a.tx, tx_hash: a.tx.tx_hash.toUpperCase().replace('0X', '0x') }, [], 1),
    ]);
    expect(s.rows).toHaveLength(1);
    expect(s.duplicates).toBe(2);
    const reorg = toRow({ ...a.tx, is_reorg_resend: true }, [], 1);
    s = ingest(s, [reorg]);
    expect(s.rows).toHaveLength(2);
    expect(s.rows[0]!.tx.is_reorg_resend).toBe(true);
  });

  it('is newest first and bounded', () => {
    let s = emptyFeed();
    const rows = Array.from({ length: 30 }, () => row());
    s = ingest(s, rows.slice(0, 10), 25);
    s = ingest(s, rows.slice(10), 25);
    expect(s.rows).toHaveLength(25);
    expect(s.rows[0]!.key).toBe(rows[29]!.key);
    expect(s.received).toBe(30);
  });

  it('buffers while paused and shows the buffer on resume, in order', () => {
    let s = ingest(emptyFeed(), [row()]);
    s = setPaused(s, true);
    const later = [row(), row()];
    s = ingest(s, later);
    expect(s.rows).toHaveLength(1);
    expect(s.pending).toHaveLength(2);
    s = setPaused(s, false);
    expect(s.rows.map((r) => r.key)).toEqual([later[1]!.key, later[0]!.key, expect.any(String)]);
    expect(s.pending).toHaveLength(0);
  });

  // Its speed over an hour of pushes is measured by `npm run bench:units`.
  it('stays bounded at 2,000 rows after an hour of pushes (one a second), newest first', () => {
    let s = emptyFeed();
    const made: string[] = [];
    for (let i = 0; i < 3600; i++) {
      const r = row();
      made.push(r.key);
      s = ingest(s, [r]);
    }
    expect(s.rows).toHaveLength(2000);
    expect(s.rows[0]?.key).toBe(made[3599]);
    expect(s.rows[1999]?.key).toBe(made[1600]);
  });

  it('filters by wallet, chain, direction and native/token', () => {
    const token = row({ transfer_type: 'Token', symbol: 'USDC' });
    const native = row({ transfer_type: 'NativeCoin', receiver: VITALIK, sender: OTHER });
    const same = (a: string, b: string) => sameAddress('evm', a, b);
    expect(kindOf(token.tx)).toBe('token');
    expect(kindOf(native.tx)).toBe('native');
    expect(matchesFilter(token, { kind: 'token', direction: 'out' }, same)).toBe(true);
    expect(matchesFilter(native, { direction: 'out' }, same)).toBe(false);
    expect(matchesFilter(native, { wallet: VITALIK.toLowerCase(), chain: 'ethereum' }, same)).toBe(
      true,
    );
    expect(matchesFilter(native, { chain: 'bsc' }, same)).toBe(false);
  });

  it('is newest first by the transaction time, whatever the order of arrival (the CSV too)', () => {
    const at = (tx_time: number, receivedAt: number) =>
      toRow({ ...evmTx({ tx_time }), listenAddress: [VITALIK] }, [], receivedAt);
    // 19:41 arrives after 19:43 (another chain, a resend after a reconnect), 19:47 after 19:49.
    const t = 1_795_000_000;
    let s = ingest(emptyFeed(), [at(t + 43 * 60, 1)]);
    s = ingest(s, [at(t + 41 * 60, 2)]);
    s = ingest(s, [at(t + 49 * 60, 3), at(t + 47 * 60, 4)]);
    s = ingest(s, [at(t + 49 * 60 + 30, 5)]);
    const times = s.rows.map((r) => r.tx.tx_time);
    expect(times).toEqual([t + 49 * 60 + 30, t + 49 * 60, t + 47 * 60, t + 43 * 60, t + 41 * 60]);
    const csvTimes = feedToCsv(s.rows)
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(csvTimes).toEqual(times.map((x) => new Date((x ?? 0) * 1000).toISOString()));

    // Paused: the buffer is in order too, and joins the list in order on resume.
    s = setPaused(s, true);
    s = ingest(s, [at(t + 44 * 60, 6), at(t + 50 * 60, 7)]);
    expect(s.pending.map((r) => r.tx.tx_time)).toEqual([t + 50 * 60, t + 44 * 60]);
    s = setPaused(s, false);
    const after = s.rows.map((r) => r.tx.tx_time ?? 0);
    expect(after).toEqual([...after].sort((a, b) => b - a));
    expect(after).toHaveLength(7);
  });

  it('stays bounded when late rows arrive: the oldest leave first', () => {
    const at = (tx_time: number) =>
      toRow({ ...evmTx({ tx_time }), listenAddress: [VITALIK] }, [], tx_time);
    let s = emptyFeed();
    for (let i = 0; i < 10; i++) s = ingest(s, [at(1_000 + i * 10)], 5);
    s = ingest(s, [at(1_005)], 5);
    expect(s.rows.map((r) => r.tx.tx_time)).toEqual([1_090, 1_080, 1_070, 1_060, 1_050]);
  });
});
