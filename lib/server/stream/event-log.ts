/**
 * Event ids and the replay buffer of the browser stream. Every event gets a process-wide sequence
 * number (`<boot>.<seq>`), and each topic keeps its latest events in a bounded ring, so a browser
 * that reconnects with `Last-Event-ID` receives what it missed, in order, from any topic it follows.
 * The boot prefix tells a reconnect that landed on another server instance (or after a restart) that
 * it cannot be replayed: the client then fills from HTTP history.
 */
import type { StreamEventName, StreamEvents } from '../../contracts/stream/events';

export interface LoggedEvent {
  seq: number;
  id: string;
  event: StreamEventName;
  /** JSON text, serialised once for every stream */
  data: string;
  /** the SSE frame, encoded once for every stream (lazily) */
  bytes?: Uint8Array;
}

export class EventLog {
  readonly boot = Math.random().toString(36).slice(2, 8);
  private seq = 0;
  private readonly rings = new Map<string, LoggedEvent[]>();

  constructor(private readonly perTopic = 256) {}

  append<K extends StreamEventName>(
    topic: string,
    event: K,
    payload: StreamEvents[K],
  ): LoggedEvent {
    const seq = ++this.seq;
    const entry: LoggedEvent = {
      seq,
      id: `${this.boot}.${seq}`,
      event,
      data: JSON.stringify(payload),
    };
    let ring = this.rings.get(topic);
    if (!ring) {
      ring = [];
      this.rings.set(topic, ring);
    }
    ring.push(entry);
    if (ring.length > this.perTopic) ring.splice(0, ring.length - this.perTopic);
    return entry;
  }

  /** Frees a topic's buffer once nobody follows it (no unbounded growth with topic churn). */
  drop(topic: string): void {
    this.rings.delete(topic);
  }

  /**
   * Events after `lastEventId` on these topics, oldest first. `complete` is false when some of them
   * were already evicted, or the id is from another boot: the caller must refill from history.
   */
  since(
    lastEventId: string,
    topics: readonly string[],
  ): { events: LoggedEvent[]; complete: boolean } {
    const [boot, rawSeq] = lastEventId.split('.');
    const last = Number(rawSeq);
    if (boot !== this.boot || !Number.isInteger(last) || last < 0 || last > this.seq) {
      return { events: [], complete: false };
    }
    const events: LoggedEvent[] = [];
    let complete = true;
    for (const topic of topics) {
      const ring = this.rings.get(topic) ?? [];
      const first = ring[0];
      // The ring starts after `last + 1`: something this client missed was evicted.
      if (first && first.seq > last + 1 && ring.length >= this.perTopic) complete = false;
      for (const e of ring) if (e.seq > last) events.push(e);
    }
    events.sort((a, b) => a.seq - b.seq);
    return { events, complete };
  }

  get topicCount(): number {
    return this.rings.size;
  }
}
