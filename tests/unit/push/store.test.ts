import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileStore, PUSH_FILE } from '@/lib/server/push/file-store';
import {
  alertKey,
  recordId,
  type AlertState,
  type PushAlert,
  type SubscriptionRecord,
} from '@/lib/server/push/schema';

const dir = mkdtempSync(join(tmpdir(), 'pulse-push-'));
beforeAll(() => {
  // The data directory is read from the environment on first use.
  process.env.DATA_DIR = dir;
});

const ua = createECDH('prime256v1');
ua.generateKeys();
const alert: PushAlert = {
  kind: 'pool-price',
  chain_type: 'evm',
  chain_id: 1,
  pool_address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
  direction: 'above',
  price: 3714,
};
const other: PushAlert = { ...alert, price: 4000 };
let n = 0;
const record = (alerts: PushAlert[] = [alert]): SubscriptionRecord => ({
  id: recordId(`capability-${++n}`.padEnd(22, 'x')),
  endpoint: 'https://push.example/sub',
  keys: { p256dh: ua.getPublicKey().toString('base64url'), auth: 'tBHItJI5svbpez7KI4CCXg' },
  alerts,
  scope: null,
  createdAt: 1,
  updatedAt: 1,
});
const fired: AlertState = {
  armed: false,
  ref: 3715,
  firedAt: 5,
  firedPrice: 3715,
  fires: 1,
  gen: 'g1',
};

describe('the one-machine push store', () => {
  it('keeps subscriptions, states and firings across a restart', async () => {
    const file = `a-${PUSH_FILE}`;
    const store = new FileStore(file);
    const rec = record();
    expect(await store.create(rec)).toBe('ok');
    const key = alertKey(alert);
    const firing = { dedupeId: `${rec.id}:${key}:g1:1`, ttlMs: 60_000 };
    expect(await store.commit(rec.id, new Map([[key, fired]]), firing)).toBe('ok');
    expect(await store.commit(rec.id, new Map([[key, fired]]), firing)).toBe('duplicate');

    const restarted = new FileStore(file);
    expect(await restarted.get(rec.id)).toEqual(rec);
    expect((await restarted.states(rec.id)).get(key)).toEqual(fired);
    // A firing committed before the restart is not sent again after it.
    expect(await restarted.commit(rec.id, new Map(), firing)).toBe('duplicate');
    const snapshot = await restarted.load();
    expect(snapshot.records.map((r) => r.id)).toEqual([rec.id]);
  });

  it('drops the state of an alert a new list leaves out, and tells the watcher what changed', async () => {
    const store = new FileStore(`b-${PUSH_FILE}`);
    const rec = record([alert, other]);
    await store.create(rec);
    await store.commit(
      rec.id,
      new Map([
        [alertKey(alert), fired],
        [alertKey(other), fired],
      ]),
    );
    const before = (await store.load()).version;
    expect(await store.replace({ ...rec, alerts: [other] })).toBe(true);
    expect([...(await store.states(rec.id)).keys()]).toEqual([alertKey(other)]);
    const changes = await store.changesSince(before);
    expect(changes?.changed.map((r) => r.id)).toEqual([rec.id]);
    expect(await store.remove(rec.id)).toBe(true);
    expect((await store.changesSince(changes!.version))?.removed).toEqual([rec.id]);
    expect(await store.replace(rec)).toBe(false);
    expect(await store.commit(rec.id, new Map())).toBe('gone');
  });

  it('refuses a subscription beyond its cap', async () => {
    const store = new FileStore(`c-${PUSH_FILE}`, Date.now, 2);
    expect(await store.create(record())).toBe('ok');
    expect(await store.create(record())).toBe('ok');
    expect(await store.create(record())).toBe('full');
  });

  it('reads a file tampered with as far as it is valid', async () => {
    const file = `d-${PUSH_FILE}`;
    const store = new FileStore(file);
    const good = record();
    await store.create(good);
    await store.flush();
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { records: unknown[] };
    raw.records.push(
      { ...record(), endpoint: 42 },
      { ...record(), alerts: [{ kind: 'x' }] },
      'junk',
    );
    writeFileSync(join(dir, file), JSON.stringify({ ...raw, states: { [good.id]: { k: 'bad' } } }));
    const reread = new FileStore(file);
    expect((await reread.load()).records.map((r) => r.id)).toEqual([good.id]);
    expect((await reread.states(good.id)).size).toBe(0);
  });
});
