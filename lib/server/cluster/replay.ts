/**
 * What a browser stream is owed when it attaches to the cluster's hub: the events it missed after
 * its `Last-Event-ID` (or word that some are gone), or a pool's latest candle for a new viewer.
 */
import 'server-only';
import type Redis from 'ioredis';
import type { Topic } from '../../contracts/stream/topics';
import type { LoggedEvent } from '../stream/event-log';
import { seqOf, toLogged, type StreamEntry } from './entries';
import { keys } from './redis';

/** What a stream missed after `lastEventId`, oldest first; `from` is the sequence replay starts at. */
export async function replay(
  client: Redis,
  topics: readonly Topic[],
  lastEventId: string,
  current: number,
  max: number,
): Promise<{ events: LoggedEvent[]; complete: boolean; from: number }> {
  const match = /^(\d{1,15})-0$/.exec(lastEventId);
  const last = match ? Number(match[1]) : NaN;
  // Another instance's local id, or one from before Redis lost its data: not replayable.
  if (!Number.isSafeInteger(last) || last > current)
    return { events: [], complete: false, from: current };
  const pipeline = client.pipeline();
  for (const t of topics) pipeline.xrange(keys.stream(t.key), `(${last}-0`, '+');
  for (const t of topics) pipeline.xlen(keys.stream(t.key));
  for (const t of topics) pipeline.xrange(keys.stream(t.key), '-', '+', 'COUNT', 1);
  const results = (await pipeline.exec()) ?? [];
  const n = topics.length;
  const events: LoggedEvent[] = [];
  let complete = true;
  for (let i = 0; i < n; i++) {
    const [err, entries] = results[i] ?? [];
    if (err) throw err;
    for (const entry of (entries as StreamEntry[] | null) ?? []) {
      const e = toLogged(entry);
      if (e) events.push(e);
    }
    const length = Number(results[n + i]?.[1] ?? 0);
    const first = (results[2 * n + i]?.[1] as StreamEntry[] | null)?.[0];
    // Trimmed to its bound and the oldest kept is after `last`: something in between is gone.
    if (length >= max && first && seqOf(first[0]) > last + 1) complete = false;
  }
  events.sort((a, b) => a.seq - b.seq);
  return { events, complete, from: last };
}

/** The newest candle among a topic stream's last entries (a status may stand after it). */
function newestCandle(entries: StreamEntry[] | null): LoggedEvent | undefined {
  return (entries ?? []).map(toLogged).find((e) => e?.event === 'ohlcv') ?? undefined;
}

export async function latestCandle(
  client: Redis,
  topicKey: string,
): Promise<LoggedEvent | undefined> {
  return newestCandle(await client.xrevrange(keys.stream(topicKey), '+', '-', 'COUNT', 8));
}

/** The latest candle of each of these pools' topics, in one round trip. */
export async function latestCandles(
  client: Redis,
  topics: readonly Topic[],
): Promise<LoggedEvent[]> {
  const ohlcv = topics.filter((t) => t.kind === 'ohlcv');
  if (ohlcv.length === 0) return [];
  const pipeline = client.pipeline();
  for (const t of ohlcv) pipeline.xrevrange(keys.stream(t.key), '+', '-', 'COUNT', 8);
  const out: LoggedEvent[] = [];
  for (const [err, entries] of (await pipeline.exec()) ?? []) {
    if (err) continue;
    const latest = newestCandle(entries as StreamEntry[] | null);
    if (latest) out.push(latest);
  }
  return out;
}
