import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_ENTRIES,
  MAX_LINES_PER_POOL,
  readEntry,
  sanitizeEntries,
  type PoolTarget,
} from '@/lib/features/alerts/model';

const POOL: PoolTarget = {
  kind: 'pool',
  chainType: 'evm',
  chainId: 1,
  address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  label: 'WETH/USDC',
};
const line = (id: string, price = 100, extra: Record<string, unknown> = {}) => ({
  id,
  target: POOL,
  price,
  createdAt: 1_700_000_000_000,
  alert: null,
  ...extra,
});
const armed = { condition: 'up', armedAt: 1_700_000_000_000, firedAt: null, firedPrice: null };

describe('readEntry', () => {
  it('keeps a valid line, pool alert and token alert as they are', () => {
    expect(readEntry(line('a'))).toEqual(line('a'));
    expect(readEntry(line('b', 3714.5, { alert: armed }))).toEqual(
      line('b', 3714.5, { alert: armed }),
    );
    const token = {
      id: 'c',
      target: { kind: 'token', id: 1, symbol: 'BTC', fiat: 'USD' },
      price: 100_000,
      createdAt: 1,
      alert: { ...armed, condition: 'down', firedAt: 5, firedPrice: 99_999 },
    };
    expect(readEntry(token)).toEqual(token);
  });

  it('refuses what this version never writes', () => {
    const bad: unknown[] = [
      null,
      'line',
      line('x', -1),
      line('x', Number.NaN),
      line('x', 1e16),
      line('has space'),
      line('x'.repeat(41)),
      line('x', 100, { createdAt: -5 }),
      line('x', 100, { target: { ...POOL, chainType: 'EVM<script>' } }),
      line('x', 100, { target: { ...POOL, address: '../../etc' } }),
      line('x', 100, { target: { ...POOL, label: 'x'.repeat(65) } }),
      line('x', 100, { target: { kind: 'wallet' } }),
      line('x', 100, { alert: { ...armed, condition: 'sideways' } }),
      // Fired is a time and a price together.
      line('x', 100, { alert: { ...armed, firedAt: 5 } }),
      line('x', 100, { alert: { ...armed, firedPrice: 5 } }),
      // A token entry is always an alert.
      { ...line('x'), target: { kind: 'token', id: 1, symbol: 'BTC', fiat: 'USD' } },
      {
        ...line('x', 1, { alert: armed }),
        target: { kind: 'token', id: 1, symbol: 'B', fiat: 'usd' },
      },
    ];
    for (const raw of bad) expect(readEntry(raw), JSON.stringify(raw)).toBeNull();
  });
});

describe('sanitizeEntries', () => {
  it('drops bad entries and duplicate ids and keeps the order of the rest', () => {
    const out = sanitizeEntries([line('a', 1), { nope: true }, line('b', 2), line('a', 3)]);
    expect(out.map((e) => [e.id, e.price])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(sanitizeEntries({ entries: [] })).toEqual([]);
    expect(sanitizeEntries(undefined)).toEqual([]);
  });

  it('caps the lines per pool and the whole list', () => {
    const many = Array.from({ length: MAX_LINES_PER_POOL + 5 }, (_, i) => line(`l${i}`, i + 1));
    expect(sanitizeEntries(many)).toHaveLength(MAX_LINES_PER_POOL);
    const tokens = Array.from({ length: MAX_ENTRIES + 50 }, (_, i) => ({
      id: `t${i}`,
      target: { kind: 'token', id: i + 1, symbol: 'T', fiat: 'USD' },
      price: 1,
      createdAt: 1,
      alert: armed,
    }));
    expect(sanitizeEntries(tokens)).toHaveLength(MAX_ENTRIES);
  });
});

describe('the alerts store', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.resetModules();
    // zustand's persist reads window.localStorage when the store is created.
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
        removeItem: (k: string) => void storage.delete(k),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads only the valid part of what localStorage holds', async () => {
    storage.set(
      'pulse-alerts',
      JSON.stringify({
        state: {
          entries: [line('ok', 5, { alert: armed }), line('bad', -5), '<img onerror>', 42],
        },
        version: 1,
      }),
    );
    const { useAlerts } = await import('@/lib/features/alerts/store');
    expect(useAlerts.getState().entries.map((e) => e.id)).toEqual(['ok']);
  });

  it('survives garbage in storage', async () => {
    storage.set('pulse-alerts', JSON.stringify({ state: { entries: 'nope' }, version: 1 }));
    const { useAlerts } = await import('@/lib/features/alerts/store');
    expect(useAlerts.getState().entries).toEqual([]);
  });

  it('adds, moves, arms, fires once, re-arms and deletes, and writes it back', async () => {
    const { useAlerts } = await import('@/lib/features/alerts/store');
    const s = () => useAlerts.getState();
    const added = s().addLine(POOL, 100);
    expect(added.ok).toBe(true);
    const id = added.ok ? added.id : '';
    s().movePrice(id, 105);
    s().movePrice(id, Number.NaN);
    expect(s().entries[0]?.price).toBe(105);
    s().setAlert(id, 'down');
    expect(s().entries[0]?.alert).toMatchObject({ condition: 'down', firedAt: null });
    s().fire(id, 104.9, 1_000);
    s().fire(id, 90, 2_000);
    expect(s().entries[0]?.alert).toMatchObject({ firedAt: 1_000, firedPrice: 104.9 });
    s().rearm(id);
    expect(s().entries[0]?.alert).toMatchObject({ firedAt: null, firedPrice: null });
    const stored = JSON.parse(storage.get('pulse-alerts') ?? '{}') as {
      state: { entries: unknown[] };
    };
    expect(sanitizeEntries(stored.state.entries)).toEqual(s().entries);
    s().remove(id);
    expect(s().entries).toEqual([]);
  });

  it('refuses lines beyond the cap of a pool and prices that are not prices', async () => {
    const { useAlerts } = await import('@/lib/features/alerts/store');
    const s = () => useAlerts.getState();
    expect(s().addLine(POOL, 0).ok).toBe(false);
    expect(s().addLine(POOL, Number.POSITIVE_INFINITY).ok).toBe(false);
    for (let i = 0; i < MAX_LINES_PER_POOL; i++) expect(s().addLine(POOL, i + 1).ok).toBe(true);
    const over = s().addLine(
      { ...POOL, address: POOL.address.toUpperCase().replace('0X', '0x') },
      1,
    );
    expect(over).toEqual({ ok: false, reason: `At most ${MAX_LINES_PER_POOL} lines per pool.` });
    expect(s().addLine({ ...POOL, chainId: 56 }, 1).ok).toBe(true);
  });
});
