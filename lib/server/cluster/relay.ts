/**
 * The cluster's relay, run by the lease holder only: it follows the union of every instance's topics
 * on its own StreamHub (lib/server/stream/hub.ts) and appends each event to the topic's Redis stream
 * with the fenced script of append.ts; after a failover it first fills the candles the cluster missed.
 */
import 'server-only';
import type { LiveCandle, StreamEventName } from '../../contracts/stream/events';
import type { Topic } from '../../contracts/stream/topics';
import type { LoggedEvent } from '../stream/event-log';
import type { StreamHub } from '../stream/hub';
import type { Session } from '../stream/source';
import { appendEvent } from './append';
import { txIdentityOf } from './entries';
import { linkKey } from './links';
import { keys, type ClusterRedis } from './redis';
import { latestCandle } from './replay';

/** How far back a new lease holder fills candles (a longer gap is not a failover). */
const BACKFILL_MAX_AGE_S = 600;

export interface RelayOptions {
  /** events kept per topic stream (a reconnect further behind gets `resync`) */
  streamLength?: number;
  /** a topic stream nobody publishes to is deleted after this long */
  streamTtlMs?: number;
  /** fills the candles a failover missed (the holder's first minutes), from HTTP history */
  backfill?: (last: LiveCandle) => Promise<LiveCandle[]>;
}

export class Relay {
  /** while holding the lease: topic key -> the local follow that publishes it */
  private readonly relays = new Map<string, () => void>();

  constructor(
    private readonly redis: ClusterRedis,
    private readonly local: () => StreamHub,
    private readonly options: RelayOptions,
    /** the lease's fencing value while held, else null */
    private readonly lease: () => string | null,
    private readonly stats: { published: number; duplicates: number; fenced: number },
  ) {}

  /** Follows the union of every instance's topics on this instance's own hub, and only those. */
  reconcile(interest: ReadonlyMap<string, Topic>): void {
    const local = this.local();
    for (const [key, release] of this.relays) {
      if (interest.has(key)) continue;
      release();
      this.relays.delete(key);
    }
    for (const [key, topic] of interest) {
      if (this.relays.has(key)) continue;
      const relay: Session = { write: (e) => this.relayEvent(topic, e) };
      if (topic.kind !== 'ohlcv' || !this.options.backfill) {
        this.relays.set(key, local.follow([topic], relay));
        continue;
      }
      // The candles a failover missed go out before the live ones: a chart ignores a candle older
      // than its last one that it does not hold, so they must not come after.
      let release: (() => void) | null = null;
      let released = false;
      this.relays.set(key, () => {
        released = true;
        release?.();
      });
      void this.backfill(key).finally(() => {
        if (!released && this.lease()) release = local.follow([topic], relay);
      });
    }
  }

  /** The lease is gone: nothing more is relayed. */
  releaseAll(): void {
    for (const release of this.relays.values()) release();
    this.relays.clear();
  }

  async publish(
    topic: string,
    event: StreamEventName,
    data: string,
    lease: string,
    dedupe: string,
  ): Promise<number> {
    const seq = await appendEvent(this.redis.client, {
      topic,
      event,
      data,
      lease,
      dedupe,
      maxLength: this.options.streamLength,
      ttlMs: this.options.streamTtlMs,
    });
    if (seq > 0) this.stats.published++;
    else if (seq === 0) this.stats.duplicates++;
    else this.stats.fenced++;
    return seq;
  }

  private relayEvent(topic: Topic, e: LoggedEvent): Promise<boolean> | void {
    const value = this.lease();
    if (!value) return Promise.resolve(false);
    if (e.event === 'status') {
      const status = JSON.parse(e.data) as { service?: string; state?: string };
      const scope = 'scope' in topic ? topic.scope : undefined;
      if (status.service && status.state)
        void this.redis.client
          .hset(keys.links, linkKey(status.service, scope), status.state)
          .catch(() => undefined);
    }
    const identity = e.event === 'transaction' ? txIdentityOf(e.data) : '';
    return this.publish(topic.key, e.event, e.data, value, identity).then(
      (seq) => seq >= 0,
      () => false,
    );
  }

  /** Candles a failover missed, from the last one stored to now (merged by open_time downstream). */
  private async backfill(topicKey: string): Promise<void> {
    try {
      const last = await latestCandle(this.redis.client, topicKey);
      if (!last || !this.options.backfill || !this.lease()) return;
      const candle = JSON.parse(last.data) as LiveCandle;
      // A topic idle for long (its stream outlives its viewers): the charts load history anyway.
      if (Date.now() / 1000 - candle.open_time > BACKFILL_MAX_AGE_S) return;
      const candles = await this.options.backfill(candle);
      for (const candle of candles) {
        const value = this.lease();
        if (!value) return;
        await this.publish(topicKey, 'ohlcv', JSON.stringify(candle), value, '');
      }
    } catch {
      // best effort: the client refills from history when it sees a gap in the status
    }
  }
}
