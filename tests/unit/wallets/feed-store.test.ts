// @vitest-environment happy-dom
/**
 * The wallets the live feed lists (lib/features/wallets/feed-store.ts): one removed from the
 * monitored list stays off it when a transaction the service sent just before the removal arrives
 * just after (a full browser run saw "Cold wallet" come back as "seen in feed"), and comes back with
 * one that happened later (monitored again, by this tab or another).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toRow } from '@/lib/features/wallets/feed';
import { seenKey, useFeedStore } from '@/lib/features/wallets/feed-store';
import { VITALIK, evmTx } from './fixtures';

const key = seenKey('ethereum', VITALIK);
const arrive = (txTime: number) =>
  useFeedStore
    .getState()
    .add([toRow({ ...evmTx({ tx_time: txTime }), listenAddress: [VITALIK] }, [], Date.now())]);

afterEach(() => vi.useRealTimers());

describe('the wallets the feed lists', () => {
  it('a removed wallet is not listed again by a transaction from before its removal', () => {
    vi.useFakeTimers({ now: 1_795_000_100_000 });
    arrive(1_795_000_090);
    expect(useFeedStore.getState().seen[key]).toBeDefined();

    useFeedStore.getState().forget('ethereum', VITALIK);
    expect(useFeedStore.getState().seen[key]).toBeUndefined();

    // Sent before the removal, heard a moment after it: a row of the feed, not a reason to list it.
    vi.setSystemTime(1_795_000_102_000);
    expect(arrive(1_795_000_099)).toBe(1);
    expect(useFeedStore.getState().seen[key]).toBeUndefined();

    // Happened after the removal: the service monitors it again, so it is listed.
    vi.setSystemTime(1_795_000_130_000);
    arrive(1_795_000_125);
    expect(useFeedStore.getState().seen[key]).toMatchObject({ address: VITALIK });
  });
});
