/**
 * Live pool trades: the upstream offers them only over HTTP (the public trades endpoint, a FIFO of
 * the latest 100), so the server polls it once per pool for every viewer and emits what is new,
 * oldest first. A pool nobody watches is not polled.
 */
import type { Topic } from '../../contracts/stream/topics';
import type { TransferRecord } from '../../contracts/tx/schema';

type TradesEvent =
  | { type: 'trade'; key: string; trade: TransferRecord }
  | { type: 'error'; key: string; code: number; message: string };

type Listener = (event: TradesEvent) => void;
type TradesTopic = Extract<Topic, { kind: 'trades' }>;

export type TradesFetcher = (
  topic: TradesTopic,
) => Promise<{ ok: true; items: TransferRecord[] } | { ok: false; message: string }>;

interface Poll {
  topic: TradesTopic;
  listeners: Set<Listener>;
  timer: NodeJS.Timeout | null;
  /** identity of every trade already seen (bounded: the FIFO holds at most 100) */
  seen: Set<string>;
  primed: boolean;
  failing: boolean;
}

export class TradesHub {
  private readonly polls = new Map<string, Poll>();
  fetches = 0;

  constructor(
    private readonly fetcher: TradesFetcher,
    private readonly everyMs = 2000,
  ) {}

  subscribe(topic: TradesTopic, listener: Listener): () => void {
    let poll = this.polls.get(topic.key);
    if (!poll) {
      poll = {
        topic,
        listeners: new Set(),
        timer: null,
        seen: new Set(),
        primed: false,
        failing: false,
      };
      this.polls.set(topic.key, poll);
      this.schedule(poll, 0);
    }
    poll.listeners.add(listener);
    return () => {
      const current = this.polls.get(topic.key);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size === 0) {
        if (current.timer) clearTimeout(current.timer);
        this.polls.delete(topic.key);
      }
    };
  }

  get pollCount(): number {
    return this.polls.size;
  }

  has(key: string): boolean {
    return this.polls.has(key);
  }

  private schedule(poll: Poll, delay: number): void {
    poll.timer = setTimeout(() => void this.tick(poll), delay);
    poll.timer.unref?.();
  }

  private async tick(poll: Poll): Promise<void> {
    if (this.polls.get(poll.topic.key) !== poll) return;
    this.fetches++;
    const result = await this.fetcher(poll.topic).catch((e: unknown) => ({
      ok: false as const,
      message: e instanceof Error ? e.message : 'failed',
    }));
    if (this.polls.get(poll.topic.key) !== poll) return;
    if (!result.ok) {
      if (!poll.failing) {
        poll.failing = true;
        for (const l of poll.listeners)
          l({ type: 'error', key: poll.topic.key, code: 502, message: result.message });
      }
    } else {
      poll.failing = false;
      const fresh: TransferRecord[] = [];
      for (const trade of result.items) {
        const id = identity(trade);
        if (!poll.seen.has(id)) fresh.push(trade);
      }
      poll.seen = new Set(result.items.map(identity));
      // The first answer is history (the page loads it over HTTP); only later ones are news.
      if (poll.primed) {
        for (const trade of fresh.reverse()) {
          for (const l of poll.listeners) l({ type: 'trade', key: poll.topic.key, trade });
        }
      }
      poll.primed = true;
    }
    this.schedule(poll, this.everyMs);
  }
}

function identity(trade: TransferRecord): string {
  return `id:${trade.id}`;
}
