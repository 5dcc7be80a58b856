/**
 * The cluster's push store (REDIS_URL): every instance's API writes here and the one watcher (the
 * holder of the push lease, install.ts) reads here. Each write bumps one version counter and stamps
 * the record in a sorted set with it, so the watcher reads only what changed since its last look.
 * A firing is committed by one script that checks the watcher still holds the lease (fencing), that
 * its dedupe id is new (SET NX with a time to live) and writes the alert states, all at once: a
 * paused former holder cannot send, and two holders around a failover send a firing once.
 */
import 'server-only';
import type { ClusterRedis } from '../cluster/redis';
import {
  alertKey,
  readRecord,
  readState,
  type AlertState,
  type SubscriptionRecord,
} from './schema';
import {
  MAX_SUBSCRIPTIONS,
  type Changes,
  type CommitResult,
  type Firing,
  type PushStore,
  type Snapshot,
} from './store';

export const pushKeys = {
  version: 'pulse:push:ver',
  /** record id -> version of its last change */
  index: 'pulse:push:subs',
  /** removed record id -> version of its removal, until a watcher has read it */
  gone: 'pulse:push:gone',
  record: (id: string) => `pulse:push:sub:${id}`,
  states: (id: string) => `pulse:push:st:${id}`,
  fired: (dedupeId: string) => `pulse:push:fired:${dedupeId}`,
  lease: 'pulse:push:lease',
  fence: 'pulse:push:lease:fence',
} as const;

// KEYS: version, index, record, states; ARGV: json, id, create|replace, max, keys to drop...
const WRITE = `
local exists = redis.call('EXISTS', KEYS[3]) == 1
if ARGV[3] == 'create' then
  if exists then return 0 end
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
elseif not exists then
  return 0
end
for i = 5, #ARGV do redis.call('HDEL', KEYS[4], ARGV[i]) end
local v = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[2], v, ARGV[2])
return v`;

// KEYS: version, index, gone, record, states; ARGV: id
const REMOVE = `
if redis.call('DEL', KEYS[4]) == 0 then return 0 end
redis.call('DEL', KEYS[5])
redis.call('ZREM', KEYS[2], ARGV[1])
local v = redis.call('INCR', KEYS[1])
redis.call('ZADD', KEYS[3], v, ARGV[1])
return v`;

// KEYS: record, states, lease, fired (or ''); ARGV: fence (or ''), ttl, then key/value pairs
const COMMIT = `
if ARGV[1] ~= '' and redis.call('GET', KEYS[3]) ~= ARGV[1] then return -1 end
if redis.call('EXISTS', KEYS[1]) == 0 then return -2 end
if KEYS[4] ~= '' then
  if not redis.call('SET', KEYS[4], '1', 'NX', 'PX', ARGV[2]) then return 0 end
end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
return 1`;

function parse(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function readStates(hash: Record<string, string> | null | undefined): Map<string, AlertState> {
  const out = new Map<string, AlertState>();
  for (const [key, value] of Object.entries(hash ?? {})) {
    const state = readState(parse(value));
    if (state && /^[A-Za-z0-9_-]{16}$/.test(key)) out.set(key, state);
  }
  return out;
}

export class RedisStore implements PushStore {
  readonly kind = 'redis' as const;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly redis: ClusterRedis,
    private readonly max = MAX_SUBSCRIPTIONS,
  ) {}

  private get client() {
    return this.redis.client;
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  /** The WRITE script: the new version, 0 (no such record, or one already there) or -1 (full). */
  private write(record: SubscriptionRecord, mode: 'create' | 'replace', drop: string[] = []) {
    return this.client.eval(
      WRITE,
      4,
      pushKeys.version,
      pushKeys.index,
      pushKeys.record(record.id),
      pushKeys.states(record.id),
      JSON.stringify(record),
      record.id,
      mode,
      this.max,
      ...drop,
    );
  }

  async create(record: SubscriptionRecord): Promise<'ok' | 'full'> {
    const result = await this.write(record, 'create');
    if (result === -1) return 'full';
    this.notify();
    return 'ok';
  }

  async get(id: string): Promise<SubscriptionRecord | null> {
    const record = readRecord(parse(await this.client.get(pushKeys.record(id))));
    return record?.id === id ? record : null;
  }

  async replace(record: SubscriptionRecord): Promise<boolean> {
    const keep = new Set(record.alerts.map(alertKey));
    const current = await this.client.hkeys(pushKeys.states(record.id));
    const drop = current.filter((k) => !keep.has(k));
    const result = await this.write(record, 'replace', drop);
    if (Number(result) > 0) this.notify();
    return Number(result) > 0;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.client.eval(
      REMOVE,
      5,
      pushKeys.version,
      pushKeys.index,
      pushKeys.gone,
      pushKeys.record(id),
      pushKeys.states(id),
      id,
    );
    if (Number(result) > 0) this.notify();
    return Number(result) > 0;
  }

  async states(id: string): Promise<Map<string, AlertState>> {
    return readStates(await this.client.hgetall(pushKeys.states(id)));
  }

  private async records(ids: readonly string[]): Promise<Map<string, SubscriptionRecord | null>> {
    const out = new Map<string, SubscriptionRecord | null>();
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      const texts = await this.client.mget(...chunk.map(pushKeys.record));
      chunk.forEach((id, j) => {
        const record = readRecord(parse(texts[j]));
        out.set(id, record?.id === id ? record : null);
      });
    }
    return out;
  }

  private async statesOf(ids: readonly string[]): Promise<Map<string, Map<string, AlertState>>> {
    const out = new Map<string, Map<string, AlertState>>();
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      const pipeline = this.client.pipeline();
      for (const id of chunk) pipeline.hgetall(pushKeys.states(id));
      const results = (await pipeline.exec()) ?? [];
      chunk.forEach((id, j) => {
        const [err, hash] = results[j] ?? [];
        if (!err) out.set(id, readStates(hash as Record<string, string> | null));
      });
    }
    return out;
  }

  async load(): Promise<Snapshot> {
    const version = Number((await this.client.get(pushKeys.version)) ?? 0);
    const ids = (await this.client.zrange(pushKeys.index, '0', '-1')).slice(0, this.max);
    const byId = await this.records(ids);
    const records = [...byId.values()].filter((r): r is SubscriptionRecord => r !== null);
    return { records, states: await this.statesOf(records.map((r) => r.id)), version };
  }

  async changesSince(version: number): Promise<Changes | null> {
    const now = Number((await this.client.get(pushKeys.version)) ?? 0);
    // Redis lost its data (or was flushed): the counter went back, nothing after `version` is known.
    if (now < version) return null;
    if (now === version) return { changed: [], removed: [], version };
    const [ids, gone] = await Promise.all([
      this.client.zrangebyscore(pushKeys.index, `(${version}`, '+inf'),
      this.client.zrangebyscore(pushKeys.gone, `(${version}`, '+inf'),
    ]);
    const byId = await this.records(ids);
    const changed: SubscriptionRecord[] = [];
    const removed = [...gone];
    for (const [id, record] of byId) {
      if (record) changed.push(record);
      else removed.push(id);
    }
    // Removals up to here are read; a watcher that starts later loads everything anyway.
    await this.client.zremrangebyscore(pushKeys.gone, '-inf', now).catch(() => undefined);
    return { changed, removed, version: now };
  }

  async commit(
    id: string,
    updates: ReadonlyMap<string, AlertState>,
    firing?: Firing,
    fence?: string,
  ): Promise<CommitResult> {
    const pairs: string[] = [];
    for (const [key, state] of updates) pairs.push(key, JSON.stringify(state));
    const result = Number(
      await this.client.eval(
        COMMIT,
        4,
        pushKeys.record(id),
        pushKeys.states(id),
        pushKeys.lease,
        firing ? pushKeys.fired(firing.dedupeId) : '',
        fence ?? '',
        String(firing ? Math.max(1000, Math.round(firing.ttlMs)) : 0),
        ...pairs,
      ),
    );
    if (result === 1) return 'ok';
    if (result === 0) return 'duplicate';
    if (result === -2) return 'gone';
    return 'not-holder';
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
