/**
 * Sign-out that lasts (issue 25): a revocation outlives the process (the data directory without
 * Redis), and with Redis a session whose revocation cannot be checked is `unknown`, which closes
 * changes (lib/server/auth/access.ts) while reads go on.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ClusterRedis } from '@/lib/server/cluster/redis';

const dir = mkdtempSync(join(tmpdir(), 'pulse-revocations-'));

async function fresh() {
  process.env.DATA_DIR = dir;
  vi.resetModules();
  return import('@/lib/server/auth/revocation');
}

afterAll(() => {
  delete process.env.DATA_DIR;
  vi.resetModules();
});

describe('revocations in the data directory', () => {
  it('a revoked id is still revoked by the next process; an expired one is forgotten', async () => {
    const now = Date.now();
    const first = (await fresh()).fileRevocations(() => now);
    await first.revoke('revoked-id', now + 60_000);
    await first.revoke('short-lived', now + 10);
    const second = (await fresh()).fileRevocations(() => now + 1000);
    expect(await second.check('revoked-id')).toBe('revoked');
    expect(await second.check('short-lived')).toBe('valid');
    expect(await second.check('never-revoked')).toBe('valid');
  });

  it('what is read back is parsed like client input: malformed ids, values and files are dropped', async () => {
    const { parseRevocationFile } = await fresh();
    const now = 1_000;
    expect(parseRevocationFile(null, now).size).toBe(0);
    expect(parseRevocationFile({ revoked: [] }, now).size).toBe(0);
    const parsed = parseRevocationFile(
      {
        revoked: {
          good: 5_000,
          'bad id with spaces': 5_000,
          expired: 500,
          text: '5000',
          nan: Number.NaN,
          ['x'.repeat(65)]: 5_000,
        },
      },
      now,
    );
    expect([...parsed.keys()]).toEqual(['good']);
    writeFileSync(join(dir, 'revocations.json'), '{not json');
    const store = (await fresh()).fileRevocations();
    expect(await store.check('good')).toBe('valid');
    await store.revoke('after-garbage', Date.now() + 60_000);
    expect(JSON.parse(readFileSync(join(dir, 'revocations.json'), 'utf8'))).toMatchObject({
      revoked: { 'after-garbage': expect.any(Number) as unknown },
    });
  });
});

describe('revocations in Redis', () => {
  function fakeRedis() {
    const keys = new Map<string, string>();
    let up = true;
    const down = () => Promise.reject(new Error('Connection is closed.'));
    const client = {
      set: (key: string, value: string) =>
        up ? (keys.set(key, value), Promise.resolve('OK')) : down(),
      exists: (key: string) => (up ? Promise.resolve(keys.has(key) ? 1 : 0) : down()),
    };
    const listeners = new Set<(state: string) => void>();
    // The first connection: ready() waits for it as the real one does (lib/server/cluster/redis.ts).
    let connected = Promise.resolve();
    return {
      redis: {
        client,
        onState: (l: (state: string) => void) => (listeners.add(l), () => listeners.delete(l)),
        ready: () => connected.then(() => up),
      } as unknown as ClusterRedis,
      keys,
      setUp: (value: boolean) => {
        up = value;
        for (const l of listeners) l(value ? 'up' : 'down');
      },
      /** A process that just started: commands fail until `connect()`. */
      starting: () => {
        up = false;
        let connect = () => {};
        connected = new Promise<void>((resolve) => (connect = resolve));
        return () => {
          up = true;
          connect();
        };
      },
    };
  }

  it('a process that just started asks Redis once its first connection is up, not "unknown" before', async () => {
    vi.resetModules();
    const { redisRevocations } = await import('@/lib/server/cluster/install');
    const fake = fakeRedis();
    fake.keys.set('pulse:revoked:s9', '1');
    const connect = fake.starting();
    const store = redisRevocations(fake.redis);
    const answers = Promise.all([store.check('s9'), store.check('s10')]);
    // Both checks reach Redis (a macrotask runs after every microtask before it), then it comes up.
    await new Promise((resolve) => setTimeout(resolve, 0));
    connect();
    expect(await answers).toEqual(['revoked', 'valid']);
  });

  it('Redis down: a session this process has not seen revoked is unknown; a sign-out made meanwhile is shared once Redis is back', async () => {
    vi.resetModules();
    const { redisRevocations } = await import('@/lib/server/cluster/install');
    const fake = fakeRedis();
    const a = redisRevocations(fake.redis);
    const b = redisRevocations(fake.redis);
    await a.revoke('s1', Date.now() + 60_000);
    expect(await b.check('s1')).toBe('revoked');
    fake.setUp(false);
    expect(await b.check('s2')).toBe('unknown');
    expect(await a.check('s1')).toBe('revoked');
    await a.revoke('s3', Date.now() + 60_000);
    expect(await b.check('s3')).toBe('unknown');
    fake.setUp(true);
    expect(await a.check('s2')).toBe('valid');
    expect(await b.check('s3')).toBe('revoked');
  });

  it('Redis back empty (a restart without persistence): the revocations an instance remembers are sent again', async () => {
    vi.resetModules();
    const { redisRevocations } = await import('@/lib/server/cluster/install');
    const fake = fakeRedis();
    const a = redisRevocations(fake.redis);
    const b = redisRevocations(fake.redis);
    await a.revoke('kept', Date.now() + 60_000);
    fake.setUp(false);
    fake.keys.clear();
    fake.setUp(true);
    await vi.waitFor(async () => expect(await b.check('kept')).toBe('revoked'));
  });
});
