/**
 * Appending one event to a topic's Redis Stream, in one script so that nothing can come between its
 * steps: the fencing check (only the current lease holder's value may write; a webhook delivery
 * writes unfenced), the drop of a transaction already stored for that topic, the next cluster-wide
 * sequence number, and the append under that number as the stream id (`<seq>-0`), bounded in
 * length, with an expiry so that a topic nobody follows any more disappears.
 */
import 'server-only';
import type Redis from 'ioredis';
import { keys } from './redis';

const APPEND = `
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if KEYS[4] and not redis.call('SET', KEYS[4], '1', 'NX', 'EX', ARGV[6]) then return 0 end
local seq = redis.call('INCR', KEYS[2])
local added = redis.pcall('XADD', KEYS[3], 'MAXLEN', ARGV[4], seq .. '-0', 'e', ARGV[2], 'd', ARGV[3])
if type(added) == 'table' and added.err then
  -- the counter fell behind this stream (it was evicted): move it past the stream's last id
  local last = redis.call('XREVRANGE', KEYS[3], '+', '-', 'COUNT', 1)
  seq = tonumber(string.match(last[1][1], '^(%d+)')) + 1
  redis.call('SET', KEYS[2], seq)
  redis.call('XADD', KEYS[3], 'MAXLEN', ARGV[4], seq .. '-0', 'e', ARGV[2], 'd', ARGV[3])
end
redis.call('PEXPIRE', KEYS[3], ARGV[5])
return seq`;

export interface AppendRequest {
  topic: string;
  event: string;
  data: string;
  /** the lease value this writer holds, or '' for an unfenced write (a webhook delivery) */
  lease: string;
  /** the transaction's identity, or '' (only transactions are deduplicated) */
  dedupe: string;
  /** events kept per topic (default 1,000) */
  maxLength?: number;
  /** the stream is deleted this long after its last event (default 15 min) */
  ttlMs?: number;
  /** how long a stored transaction's identity is remembered (default 1 h) */
  dedupeSeconds?: number;
}

/** The event's sequence number; 0 for a duplicate; -1 when `lease` is no longer the holder's. */
export async function appendEvent(client: Redis, req: AppendRequest): Promise<number> {
  const keyList = [keys.lease, keys.seq, keys.stream(req.topic)];
  if (req.dedupe) keyList.push(keys.txSeen(req.topic, req.dedupe));
  return Number(
    await client.eval(
      APPEND,
      keyList.length,
      ...keyList,
      req.lease,
      req.event,
      req.data,
      req.maxLength ?? 1000,
      req.ttlMs ?? 15 * 60_000,
      req.dedupeSeconds ?? 3600,
    ),
  );
}
