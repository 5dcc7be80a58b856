/**
 * Who may open a stream, checked before it starts (an SSE response cannot turn into a 429 later):
 * per client, stream opens per minute, streams open at once and distinct topics across its open
 * streams; per process, the upstream cost every new topic would add (kline pool subscriptions, trade
 * pollers, tx watches). Topics someone already follows cost nothing and pass.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { gauge, rateLimit } from '../security/limits';
import type { StreamSource } from './source';
import type { Topic } from '../../contracts/stream/topics';

export type Admission =
  { ok: true; release: () => void } | { ok: false; message: string; retryAfterSeconds: number };

/** How long a client over a cap of things held open is told to wait. */
const HELD_RETRY_SECONDS = 10;

const TOPICS = Symbol.for('pulse.stream-topics');
type Holder = { [TOPICS]?: Map<string, Map<string, number>> };

function topicsHeld(): Map<string, Map<string, number>> {
  const holder = globalThis as Holder;
  holder[TOPICS] ??= new Map();
  return holder[TOPICS];
}

export async function admitStream(
  client: string,
  topics: readonly Topic[],
  hub: StreamSource,
): Promise<Admission> {
  const env = getEnv();
  const opens = await rateLimit('stream-opens', {
    points: env.STREAM_OPENS_PER_MIN,
    durationSeconds: 60,
  }).take(client);
  if (!opens.ok) {
    return {
      ok: false,
      message: `Too many streams opened: try again in ${opens.retryAfterSeconds} s`,
      retryAfterSeconds: opens.retryAfterSeconds,
    };
  }
  const refuse = (message: string): Admission => ({
    ok: false,
    message,
    retryAfterSeconds: HELD_RETRY_SECONDS,
  });

  const held = topicsHeld().get(client) ?? new Map<string, number>();
  const fresh = topics.filter((t) => !held.has(t.key)).length;
  if (held.size + fresh > env.STREAM_MAX_TOPICS_PER_CLIENT) {
    return refuse(
      `Too many distinct topics for one client (at most ${env.STREAM_MAX_TOPICS_PER_CLIENT})`,
    );
  }
  const load = hub.upstreamLoad(topics);
  if (load.pools.added > 0 && load.pools.held + load.pools.added > env.STREAM_MAX_KLINE_POOLS)
    return refuse('The server follows as many pools as it may: try again later');
  if (load.polls.added > 0 && load.polls.held + load.polls.added > env.STREAM_MAX_TRADE_POLLERS)
    return refuse('The server polls as many pools for trades as it may: try again later');
  if (load.watches.added > 0 && load.watches.held + load.watches.added > env.STREAM_MAX_TX_WATCHES)
    return refuse('The server watches as many addresses as it may: try again later');

  const streams = gauge('streams');
  if (!streams.acquire(client, env.STREAM_MAX_PER_CLIENT)) {
    return refuse(`Too many open streams for one client (at most ${env.STREAM_MAX_PER_CLIENT})`);
  }
  for (const t of topics) held.set(t.key, (held.get(t.key) ?? 0) + 1);
  topicsHeld().set(client, held);

  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      streams.release(client);
      for (const t of topics) {
        const n = (held.get(t.key) ?? 1) - 1;
        if (n > 0) held.set(t.key, n);
        else held.delete(t.key);
      }
      if (held.size === 0 && topicsHeld().get(client) === held) topicsHeld().delete(client);
    },
  };
}
