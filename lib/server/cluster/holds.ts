/**
 * Holds shared by every instance (REDIS_URL): a client's open streams and the topics they carry,
 * the sign-ins being checked. One sorted set per key, one member per hold (its units as JSON), scored
 * by an expiry its instance pushes forward every few seconds: an instance that dies stops renewing
 * and its holds fade within HOLD_TTL_MS. One script judges and takes a hold (the rule of
 * lib/server/security/limits.ts, `judgeHold`), so two instances never both take the last place.
 * What is read back is parsed like client input: a member that is not the expected JSON counts as a
 * hold with no units. Redis unreachable: the process's own memory store decides meanwhile.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { HoldCaps, HoldResult, HoldStore, HoldUnit } from '../security/limits';
import { grantedHold, memoryHoldStore } from '../security/limits';
import { keys, type ClusterRedis } from './redis';

const HOLD_TTL_MS = 30_000;
const RENEW_EVERY_MS = 10_000;
const REFUSALS = new Set(['holds', 'topics', 'pools', 'polls', 'watches']);

const ACQUIRE = `
local now = tonumber(ARGV[1])
local caps = cjson.decode(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZRANGE', KEYS[1], 0, -1)
if #held >= tonumber(caps.holds) then return 'holds' end
local function units(text)
  local ok, value = pcall(cjson.decode, text)
  if ok and type(value) == 'table' and type(value.u) == 'table' then return value.u end
  return {}
end
local function pick(dim, u)
  if type(u) ~= 'table' or type(u[1]) ~= 'string' or type(u[2]) ~= 'string' or type(u[3]) ~= 'string' then return nil end
  if dim == 'topics' then return u[3] end
  if dim == 'pools' and u[1] == 'ohlcv' then return u[2] end
  if dim == 'polls' and u[1] == 'trades' then return u[2] end
  if dim == 'watches' and u[1] == 'watch' then return u[2] end
  return nil
end
local existing = {}
for _, member in ipairs(held) do existing[#existing + 1] = units(member) end
local fresh = units(ARGV[3])
for _, dim in ipairs({'topics', 'pools', 'polls', 'watches'}) do
  local cap = tonumber(caps[dim])
  if cap then
    local seen, before = {}, 0
    for _, list in ipairs(existing) do
      for _, u in ipairs(list) do
        local v = pick(dim, u)
        if v and not seen[v] then seen[v] = true; before = before + 1 end
      end
    end
    local after = before
    for _, u in ipairs(fresh) do
      local v = pick(dim, u)
      if v and not seen[v] then seen[v] = true; after = after + 1 end
    end
    if after > before and after > cap then return dim end
  end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 'ok'`;

export function redisHolds(redis: ClusterRedis, instance: string): HoldStore {
  /** this instance's live holds: member -> Redis key, renewed until released */
  const live = new Map<string, string>();
  let timer: NodeJS.Timeout | null = null;
  const renew = () => {
    if (live.size === 0) return;
    const expiry = Date.now() + HOLD_TTL_MS;
    const pipeline = redis.client.pipeline();
    for (const [member, key] of live) {
      pipeline.zadd(key, 'XX', expiry, member);
      pipeline.pexpire(key, HOLD_TTL_MS);
    }
    void pipeline.exec().catch(() => undefined);
  };
  const track = (member: string, key: string) => {
    live.set(member, key);
    if (!timer) {
      timer = setInterval(renew, RENEW_EVERY_MS);
      timer.unref?.();
    }
  };
  const untrack = (member: string) => {
    live.delete(member);
    if (live.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  return {
    async acquire(name: string, units: readonly HoldUnit[], caps: HoldCaps): Promise<HoldResult> {
      const key = keys.hold(name);
      const member = JSON.stringify({
        h: `${instance}:${randomUUID()}`,
        u: units.map((u) => [u.kind, u.unit, u.key]),
      });
      let answer: unknown;
      try {
        const now = Date.now();
        answer = await redis.client.eval(
          ACQUIRE,
          1,
          key,
          now,
          now + HOLD_TTL_MS,
          member,
          JSON.stringify(caps),
          HOLD_TTL_MS,
        );
      } catch {
        // Redis unreachable: this instance judges alone until it is back.
        return memoryHoldStore().acquire(name, units, caps);
      }
      if (answer !== 'ok') {
        const refused = String(answer);
        return {
          ok: false,
          refused: REFUSALS.has(refused)
            ? (refused as Exclude<HoldResult, { ok: true }>['refused'])
            : 'holds',
        };
      }
      track(member, key);
      return grantedHold(() => {
        untrack(member);
        // Best effort: a hold Redis did not drop expires with its next missed renewal.
        void redis.client.zrem(key, member).catch(() => undefined);
      });
    },
  };
}
