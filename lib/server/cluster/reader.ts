/**
 * The cluster hub's reader: every instance reads the topic streams its own viewers follow with one
 * blocking XREAD on a connection of its own, from where it last read each, and hands the events on
 * in the cluster's one order (its sequence).
 */
import 'server-only';
import type Redis from 'ioredis';
import type { LoggedEvent } from '../stream/event-log';
import { streamsOf, toLogged, type StreamEntry } from './entries';
import { keys, type ClusterRedis } from './redis';

export interface ReadEvent {
  topic: string;
  e: LoggedEvent;
}

export class StreamReader {
  /** the reader's position per topic stream */
  private readonly positions = new Map<string, string>();
  private reader: Redis | null = null;
  private readerId: number | null = null;
  private wakeReader: (() => void) | null = null;
  private running = true;

  constructor(
    private readonly redis: ClusterRedis,
    /** whether to read at all (not while Redis is away) */
    private readonly active: () => boolean,
    private readonly onEvents: (events: ReadEvent[]) => void,
    private readonly stats: { read: number; reads: number },
  ) {
    void this.loop();
  }

  /** Reads a topic's stream from `position` on (after the events a stream attached at). */
  follow(topic: string, position: string): void {
    this.positions.set(topic, position);
  }

  /** Stops reading a topic's stream; the blocked read is woken to leave it out. */
  unfollow(topic: string): void {
    this.positions.delete(topic);
  }

  nudge(): void {
    this.wakeReader?.();
    if (this.readerId !== null)
      void this.redis.client.call('CLIENT', 'UNBLOCK', this.readerId).catch(() => undefined);
  }

  stop(): void {
    this.running = false;
    this.nudge();
    this.reader?.disconnect();
    this.reader = null;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      if (!this.active() || this.positions.size === 0) {
        await new Promise<void>((resolve) => {
          this.wakeReader = resolve;
          setTimeout(resolve, 1000).unref?.();
        });
        this.wakeReader = null;
        continue;
      }
      try {
        const reader = await this.connection();
        const topics = [...this.positions.keys()];
        const reply = (await reader.call(
          'XREAD',
          'COUNT',
          '1000',
          'BLOCK',
          '5000',
          'STREAMS',
          ...topics.map((t) => keys.stream(t)),
          ...topics.map((t) => this.positions.get(t) ?? '0-0'),
        )) as unknown[] | null;
        this.stats.reads++;
        if (reply) this.dispatch(streamsOf(reply));
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  private async connection(): Promise<Redis> {
    if (!this.reader) {
      const reader = this.redis.duplicate('reader');
      reader.on('ready', () => {
        void reader
          .call('CLIENT', 'ID')
          .then((id) => (this.readerId = Number(id)))
          .catch(() => undefined);
      });
      this.reader = reader;
    }
    return this.reader;
  }

  private dispatch(reply: [string, StreamEntry[]][]): void {
    const events: ReadEvent[] = [];
    for (const [stream, entries] of reply) {
      const topic = stream.slice(keys.stream('').length);
      const last = entries[entries.length - 1];
      if (last && this.positions.has(topic)) this.positions.set(topic, last[0]);
      for (const entry of entries) {
        const e = toLogged(entry);
        if (e) events.push({ topic, e });
      }
    }
    // One order for all topics: the cluster's sequence.
    events.sort((a, b) => a.e.seq - b.e.seq);
    this.stats.read += events.length;
    this.onEvents(events);
  }
}
