/**
 * The browser side of the live stream: at most one EventSource per tab, whatever the page shows.
 * Hooks register topics here; a change of the topic set reopens the stream (with the last event id,
 * so the server replays what fell in between), and listeners hear `reconnected` after any outage so
 * they can fill a gap from HTTP history.
 */
import type { StreamEvents } from '../contracts/stream/events';
import { ohlcvKeyOf, parseTopic } from '../contracts/stream/topics';
import { isRecord } from '../core/values';

type DataEvent = 'ohlcv' | 'transaction' | 'trade';

/** What a topic's handler hears: its events (typed by kind), a refusal, or "refill from history". */
export type StreamMessageOf<E extends DataEvent> =
  | { kind: 'event'; event: E; data: StreamEvents[E] }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'reconnected' };

export type StreamMessage =
  StreamMessageOf<'ohlcv'> | StreamMessageOf<'transaction'> | StreamMessageOf<'trade'>;

type StreamState = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface StreamStatus {
  state: StreamState;
  /** upstream link per service, as the server reports it */
  services: Partial<Record<'kline' | 'tx' | 'trades', string>>;
  lastEventAt: number | null;
  /**
   * `local`: this server lost its cluster store (Redis) and streams from its own upstream sockets
   * meanwhile; absent on a single server.
   */
  cluster?: 'cluster' | 'local';
}

/**
 * Whether the live data behind `service`'s events is interrupted: the tab's stream is reconnecting,
 * or the server reports that service's upstream link down. Every "live" mark follows it, the pages'
 * (lib/client/hooks/use-stream.ts) and the widget's.
 */
export function liveInterrupted(s: StreamStatus, service: keyof StreamStatus['services']): boolean {
  const link = s.services[service];
  return s.state === 'reconnecting' || link === 'reconnecting' || link === 'down';
}

type Handler = (message: StreamMessage) => void;

const EVENT_NAMES = ['ohlcv', 'transaction', 'trade'] as const;

export class StreamClient {
  private readonly handlers = new Map<string, Set<Handler>>();
  private source: EventSource | null = null;
  private openKey = '';
  private lastEventId: string | null = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  private hadError = false;
  private status: StreamStatus = { state: 'idle', services: {}, lastEventAt: null };
  private readonly statusListeners = new Set<() => void>();

  constructor(private readonly url = '/api/stream') {}

  /** Follows a topic; returns the unsubscribe function. Invalid topics throw (a programming error). */
  subscribe(topic: string, handler: Handler): () => void {
    const parsed = parseTopic(topic);
    if (!parsed.ok) throw new Error(parsed.message);
    const key = parsed.topic.key;
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      this.scheduleReopen();
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(key);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(key);
        this.scheduleReopen();
      }
    };
  }

  getStatus = (): StreamStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(patch: Partial<StreamStatus>): void {
    this.status = {
      ...this.status,
      ...patch,
      services: { ...this.status.services, ...patch.services },
    };
    for (const l of this.statusListeners) l();
  }

  private scheduleReopen(): void {
    // Several hooks mount in one render: gather their topics into one reopen.
    if (this.reopenTimer) return;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      this.reopen();
    }, 25);
  }

  private reopen(): void {
    const topics = [...this.handlers.keys()].sort();
    const key = topics.join('|');
    if (key === this.openKey && this.source) return;
    this.source?.close();
    this.source = null;
    this.openKey = key;
    if (topics.length === 0) {
      this.setStatus({ state: 'idle' });
      return;
    }
    const params = new URLSearchParams();
    for (const t of topics) params.append('topic', t);
    if (this.lastEventId) params.set('lastEventId', this.lastEventId);
    const source = new EventSource(`${this.url}?${params.toString()}`);
    this.source = source;
    this.setStatus({ state: 'connecting' });

    source.onopen = () => {
      if (this.source !== source) return;
      const wasDown = this.hadError;
      this.hadError = false;
      this.setStatus({ state: 'open' });
      if (wasDown) this.broadcast({ kind: 'reconnected' });
    };
    source.onerror = (e) => {
      // The server's own `event: error` (a refused topic) reaches onerror too: not an outage.
      if (this.source !== source || e instanceof MessageEvent) return;
      // EventSource retries by itself (with Last-Event-ID); a 4xx stops it for good.
      this.hadError = true;
      this.setStatus({ state: source.readyState === EventSource.CLOSED ? 'idle' : 'reconnecting' });
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.openKey = '';
        setTimeout(() => this.scheduleReopen(), 3000);
      }
    };
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (e) => this.onEvent(name, e as MessageEvent<string>));
    }
    source.addEventListener('status', (e) => this.onStatusEvent(e as MessageEvent<string>));
    // Named `error` by the server: an upstream refusal for one topic (not the transport's error event).
    source.addEventListener('error', (e) => {
      if (e instanceof MessageEvent && typeof e.data === 'string')
        this.onErrorEvent(e as MessageEvent<string>);
    });
  }

  private remember(e: MessageEvent<string>): unknown {
    if (e.lastEventId) this.lastEventId = e.lastEventId;
    this.status = { ...this.status, lastEventAt: Date.now() };
    try {
      return JSON.parse(e.data) as unknown;
    } catch {
      return null;
    }
  }

  /**
   * Our own server's events, already checked against the seed schemas there
   * (lib/contracts/stream/events.ts): typed here at the one boundary, not re-validated.
   */
  private onEvent(name: DataEvent, e: MessageEvent<string>): void {
    const raw = this.remember(e);
    if (!isRecord(raw)) return;
    // An event that arrives proves its upstream link works, whatever status was last heard.
    const service = name === 'ohlcv' ? 'kline' : name === 'trade' ? 'trades' : 'tx';
    if (
      this.status.services[service] !== undefined &&
      this.status.services[service] !== 'connected'
    )
      this.setStatus({ services: { [service]: 'connected' } });
    if (name === 'ohlcv') {
      const data = raw as StreamEvents['ohlcv'];
      this.deliver(ohlcvKeyOf(data), { kind: 'event', event: 'ohlcv', data });
    } else if (name === 'trade') {
      const data = raw as StreamEvents['trade'];
      this.deliver(data.topic, { kind: 'event', event: 'trade', data });
    } else {
      const message: StreamMessage = {
        kind: 'event',
        event: 'transaction',
        data: raw as StreamEvents['transaction'],
      };
      // Transactions go to every handler of a tx topic of this tab, once each; the feed filters itself.
      const once = new Set<Handler>();
      for (const [key, set] of this.handlers) {
        if (key === 'tx' || key.startsWith('tx:')) for (const h of set) once.add(h);
      }
      for (const h of once) h(message);
    }
  }

  private onStatusEvent(e: MessageEvent<string>): void {
    const data = this.remember(e);
    if (!isRecord(data)) return;
    const service = data.service;
    if (service === 'cluster') {
      this.setStatus({ cluster: data.state === 'local' ? 'local' : 'cluster' });
      return;
    }
    if (service === 'stream' && data.state === 'resync') {
      this.broadcast({ kind: 'reconnected' });
      return;
    }
    if (service === 'kline' || service === 'tx' || service === 'trades') {
      const previous = this.status.services[service];
      this.setStatus({ services: { [service]: String(data.state) } });
      // The upstream link came back: what it pushed meanwhile is lost, refill from history.
      if (data.state === 'connected' && previous && previous !== 'connected')
        this.broadcast({ kind: 'reconnected' });
    }
  }

  private onErrorEvent(e: MessageEvent<string>): void {
    const data = this.remember(e);
    if (!isRecord(data)) return;
    const code = typeof data.code === 'number' ? data.code : 0;
    const message =
      typeof data.message === 'string' ? data.message : 'The upstream refused this subscription.';
    this.deliver(typeof data.topic === 'string' ? data.topic : '', {
      kind: 'error',
      code,
      message,
    });
  }

  private deliver(key: string, message: StreamMessage): void {
    for (const h of this.handlers.get(key) ?? []) h(message);
  }

  private broadcast(message: StreamMessage): void {
    for (const set of this.handlers.values()) for (const h of set) h(message);
  }
}

let shared: StreamClient | null = null;

/** The tab's one stream client. */
export function streamClient(): StreamClient {
  shared ??= new StreamClient();
  return shared;
}
