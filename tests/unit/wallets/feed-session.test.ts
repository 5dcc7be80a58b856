import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFeed, ingest, toRow } from '@/lib/features/wallets/feed';
import { SESSION_ROWS, feedOf, loadFeed, saveFeed } from '@/lib/features/wallets/feed-session';
import { evmTx } from './fixtures';

/** sessionStorage as the browser has it: strings by key, and a quota. */
class FakeStorage {
  readonly map = new Map<string, string>();
  quota = Infinity;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(k, v);
  }
}

let storage: FakeStorage;
beforeEach(() => {
  storage = new FakeStorage();
  (globalThis as { window?: unknown }).window = { sessionStorage: storage };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    toRow(evmTx({ tx_hash: `0x${i.toString(16).padStart(64, '0')}` }), [], 1_000 + i),
  );

describe('the live feed kept across a reload of its tab', () => {
  it('gives back the rows, the counters and the identities it showed', () => {
    const feed = ingest(emptyFeed(), rows(5));
    saveFeed(feed, { 'evm:0xabc': { chainType: 'evm', address: '0xabc', lastAt: 7 } }, 42);
    const saved = loadFeed();
    expect(saved?.savedAt).toBe(42);
    expect(saved?.rows.map((r) => r.key)).toEqual(feed.rows.map((r) => r.key));
    expect(saved?.received).toBe(5);
    expect(saved?.seen).toEqual({ 'evm:0xabc': { chainType: 'evm', address: '0xabc', lastAt: 7 } });
    const restored = feedOf(saved!);
    // A transaction it showed is a duplicate when the refill brings it again.
    const again = ingest(restored, [feed.rows[0]!]);
    expect(again.rows).toHaveLength(5);
    expect(again.duplicates).toBe(restored.duplicates + 1);
  });

  it(`keeps the newest ${SESSION_ROWS} rows only`, () => {
    const feed = ingest(emptyFeed(), rows(SESSION_ROWS + 40), SESSION_ROWS + 40);
    saveFeed(feed, {}, 1);
    expect(loadFeed()?.rows).toHaveLength(SESSION_ROWS);
    expect(loadFeed()?.rows[0]?.key).toBe(feed.rows[0]?.key);
  });

  it('reads nothing from a tampered, foreign or over-quota entry, without throwing', () => {
    storage.map.set('pulse-feed', '{not json');
    expect(loadFeed()).toBeNull();
    storage.map.set('pulse-feed', JSON.stringify({ v: 99, savedAt: 1, rows: [] }));
    expect(loadFeed()).toBeNull();
    storage.map.set(
      'pulse-feed',
      JSON.stringify({ v: 1, savedAt: 1, rows: [{ key: 1 }, null, 'x'], pending: 'no' }),
    );
    expect(loadFeed()).toMatchObject({ rows: [], pending: [] });
    storage.map.clear();
    storage.quota = 10;
    expect(() => saveFeed(ingest(emptyFeed(), rows(3)), {}, 1)).not.toThrow();
    expect(loadFeed()).toBeNull();
  });
});
