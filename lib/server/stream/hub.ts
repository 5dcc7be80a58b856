/**
 * The stream hub: per server process, one kline socket, one tx socket and one trades poller per
 * pool, shared by every browser stream. Browser streams (sessions) follow topics; a topic is a
 * channel that holds the upstream subscription while anyone follows it (plus a short linger, so a
 * tab that reopens its stream to change topics does not churn the upstream) and logs its events
 * for `Last-Event-ID` replay.
 */
import { log } from '../../observe/log';
import { metrics } from '../../observe/metrics';
import { EventLog } from './event-log';
import { KlineHub } from './kline-hub';
import {
  ResilientSocket,
  type LinkState,
  type SocketOpener,
} from '../../upstream/resilient-socket';
import { TradesHub, type TradesFetcher } from './trades-hub';
import { TxHub } from './tx-hub';
import type { LiveTransaction, StreamEventName, StreamEvents } from '../../contracts/stream/events';
import type { Topic } from '../../contracts/stream/topics';
import { scopeOf, servicesOf, type Session, type StreamSource, type UpstreamLoad } from './source';

export type { Session } from './source';

export interface HubOptions {
  openSocket: SocketOpener;
  fetchTrades: TradesFetcher;
  /** how long a topic nobody follows keeps its upstream subscription and its replay buffer */
  lingerMs?: number;
  tradesEveryMs?: number;
  pingEveryMs?: number;
  pongTimeoutMs?: number;
  backoffBaseMs?: number;
  /** seconds of history the tx socket asks the upstream to re-send after a reconnect */
  resendSeconds?: number;
}

interface Channel {
  topic: Topic;
  sessions: Set<Session>;
  release: () => void;
  lingerTimer: NodeJS.Timeout | null;
}

/** The tx socket of one demo sandbox's application, opened while its channels need it. */
interface TxLink {
  socket: ResilientSocket;
  tx: TxHub;
  state: LinkState;
  channels: number;
}

export class StreamHub implements StreamSource {
  readonly log = new EventLog(256);
  readonly kline: KlineHub;
  readonly tx: TxHub;
  readonly trades: TradesHub;
  readonly klineSocket: ResilientSocket;
  readonly txSocket: ResilientSocket;
  private readonly channels = new Map<string, Channel>();
  private readonly links = new Map<string, TxLink>();
  private readonly linkStates: Record<'kline' | 'tx', LinkState> = {
    kline: 'connecting',
    tx: 'connecting',
  };

  constructor(private readonly options: HubOptions) {
    const common = {
      open: options.openSocket,
      pingEveryMs: options.pingEveryMs,
      pongTimeoutMs: options.pongTimeoutMs,
      backoffBaseMs: options.backoffBaseMs,
    };
    this.klineSocket = new ResilientSocket({
      ...common,
      name: 'kline',
      path: '/kline/api/v1/kline/ws',
      ping: (id) => ({ id, type: 'ping', data: {} }),
      isPong: (m) => m.type === 'pong',
      onOpen: () => this.kline.resubscribeAll(),
      onMessage: (m) => this.kline.handle(m),
      onState: (state, detail) => this.onLink('kline', state, detail),
    });
    this.txSocket = this.txSocketFor('', () => this.tx);
    this.kline = new KlineHub(() => this.klineSocket);
    this.tx = new TxHub(() => this.txSocket);
    this.trades = new TradesHub(options.fetchTrades, options.tradesEveryMs);
  }

  attach(topics: readonly Topic[], session: Session, lastEventId: string | null): () => void {
    // Replay and follow in one synchronous block: no event can fall between them.
    if (lastEventId) {
      const { events, complete } = this.log.since(
        lastEventId,
        topics.map((t) => t.key),
      );
      for (const e of events) void session.write(e);
      if (!complete)
        void session.write(
          this.log.append('status:stream', 'status', {
            service: 'stream',
            state: 'resync',
            detail: 'some events could not be replayed: refill from history',
          }),
        );
    }
    const scope = scopeOf(topics);
    for (const service of servicesOf(topics)) {
      const state = service === 'trades' ? 'connected' : this.linkState(service, scope);
      void session.write(
        this.log.append(`status:${service}`, 'status', { service, state, detail: null }),
      );
    }
    return this.follow(topics, session);
  }

  upstreamLoad(topics: readonly Topic[]): UpstreamLoad {
    const pools = new Set<string>();
    const polls = new Set<string>();
    const watches = new Set<string>();
    for (const t of topics) {
      if (t.kind === 'ohlcv' && !this.kline.hasPool(t)) {
        pools.add(`${t.chainType}:${t.chainId}:${t.pool.toLowerCase()}`);
      } else if (t.kind === 'trades' && !this.trades.has(t.key)) {
        polls.add(t.key);
      } else if (t.kind === 'watch' && !this.isWatching(t.scope, t.chainType, t.address)) {
        watches.add(t.key);
      }
    }
    return {
      pools: { held: this.kline.poolCount, added: pools.size },
      polls: { held: this.trades.pollCount, added: polls.size },
      watches: { held: this.watchCount, added: watches.size },
    };
  }

  /** Follows `topics` for a session; returns the function that stops following them. */
  follow(topics: readonly Topic[], session: Session): () => void {
    for (const topic of topics) {
      const channel = this.channels.get(topic.key) ?? this.openChannel(topic);
      if (channel.lingerTimer) {
        clearTimeout(channel.lingerTimer);
        channel.lingerTimer = null;
      }
      channel.sessions.add(session);
    }
    return () => {
      for (const topic of topics) {
        const channel = this.channels.get(topic.key);
        if (!channel) continue;
        channel.sessions.delete(session);
        if (channel.sessions.size === 0 && !channel.lingerTimer) this.scheduleRelease(channel);
      }
    };
  }

  linkState(service: 'kline' | 'tx', scope?: string): LinkState {
    if (service === 'tx' && scope) return this.links.get(scope)?.state ?? 'connecting';
    return this.linkStates[service];
  }

  /** The tx side of a scope: the process's own socket, or a sandbox's. */
  txOf(scope: string | undefined): TxHub {
    return scope ? this.link(scope).tx : this.tx;
  }

  get sandboxLinks(): number {
    return this.links.size;
  }

  /**
   * A transaction that arrived by webhook, into the scope's feed; a sandbox nobody follows has no
   * feed to show it in (false).
   */
  ingest(scope: string | undefined, tx: LiveTransaction): boolean {
    const target = scope ? this.links.get(scope)?.tx : this.tx;
    return target?.ingest(tx) ?? false;
  }

  /** Upstream `subscribe` watches held by this process, across sandboxes. */
  get watchCount(): number {
    let n = this.tx.watchCount;
    for (const link of this.links.values()) n += link.tx.watchCount;
    return n;
  }

  /** Whether a watch of this address already exists in the scope (no new upstream subscribe). */
  isWatching(scope: string | undefined, chainType: string, address: string): boolean {
    const tx = scope ? this.links.get(scope)?.tx : this.tx;
    return tx?.isWatching(chainType, address) ?? false;
  }

  private txSocketFor(scope: string, tx: () => TxHub): ResilientSocket {
    const open = this.options.openSocket;
    return new ResilientSocket({
      open: scope ? (path, headers, handlers) => open(path, headers, handlers, scope) : open,
      pingEveryMs: this.options.pingEveryMs,
      pongTimeoutMs: this.options.pongTimeoutMs,
      backoffBaseMs: this.options.backoffBaseMs,
      name: scope ? `tx@${scope}` : 'tx',
      path: '/tx/api/v1/transaction/ws',
      headers: { 'X-ResendDuration': String(this.options.resendSeconds ?? 600) },
      ping: (id) => ({ id, type: 'ping', data: {} }),
      isPong: (m) => m.type === 'pong',
      onOpen: () => tx().resubscribeAll(),
      onMessage: (m) => tx().handle(m),
      onState: (state, detail) => this.onLink('tx', state, detail, scope),
    });
  }

  private link(scope: string): TxLink {
    let link = this.links.get(scope);
    if (!link) {
      // The socket and the hub refer to each other; each reaches the other once both exist.
      const socket: ResilientSocket = this.txSocketFor(scope, () => tx);
      const tx: TxHub = new TxHub(() => socket);
      link = { socket, tx, state: 'connecting', channels: 0 };
      this.links.set(scope, link);
    }
    return link;
  }

  get channelCount(): number {
    return this.channels.size;
  }

  stop(): void {
    for (const channel of this.channels.values()) {
      if (channel.lingerTimer) clearTimeout(channel.lingerTimer);
      channel.release();
    }
    this.channels.clear();
    this.klineSocket.stop();
    this.txSocket.stop();
    for (const link of this.links.values()) link.socket.stop();
    this.links.clear();
  }

  private openChannel(topic: Topic): Channel {
    const channel: Channel = {
      topic,
      sessions: new Set(),
      release: () => undefined,
      lingerTimer: null,
    };
    this.channels.set(topic.key, channel);
    // A session that stores events elsewhere (the cluster's relay) answers with a promise: the
    // transaction is acknowledged upstream once every store said yes (tx-hub.ts).
    const emit = <K extends StreamEventName>(
      event: K,
      payload: StreamEvents[K],
    ): Promise<boolean> | undefined => {
      metrics().eventsRelayed.inc({ event });
      const entry = this.log.append(topic.key, event, payload);
      let stored: Promise<boolean>[] | undefined;
      for (const s of channel.sessions) {
        const result = s.write(entry);
        if (result) (stored ??= []).push(result);
      }
      return stored && Promise.all(stored).then((all) => all.every(Boolean));
    };
    switch (topic.kind) {
      case 'ohlcv':
        channel.release = this.kline.subscribe(topic, (e) => {
          void (e.type === 'ohlcv'
            ? emit('ohlcv', e.candle)
            : emit('error', { topic: topic.key, code: e.code, message: e.message }));
        });
        break;
      case 'tx':
        channel.release = this.scoped(topic.scope, (tx) =>
          tx.subscribeAll((e) =>
            e.type === 'transaction' ? emit('transaction', e.tx) : undefined,
          ),
        );
        break;
      case 'watch':
        channel.release = this.scoped(topic.scope, (tx) =>
          tx.watch(topic.chainType, topic.address, (e) =>
            e.type === 'transaction'
              ? emit('transaction', e.tx)
              : emit('error', { topic: topic.key, code: e.code, message: e.message }),
          ),
        );
        break;
      case 'trades':
        channel.release = this.trades.subscribe(topic, (e) => {
          void (e.type === 'trade'
            ? emit('trade', { ...e.trade, topic: topic.key })
            : emit('error', { topic: topic.key, code: e.code, message: e.message }));
        });
        break;
    }
    return channel;
  }

  /** Subscribes on the scope's tx hub; a sandbox's socket closes with its last channel. */
  private scoped(scope: string | undefined, subscribe: (tx: TxHub) => () => void): () => void {
    if (!scope) return subscribe(this.tx);
    const link = this.link(scope);
    link.channels++;
    const release = subscribe(link.tx);
    return () => {
      release();
      if (--link.channels > 0) return;
      link.socket.stop();
      this.links.delete(scope);
    };
  }

  private scheduleRelease(channel: Channel): void {
    const release = () => {
      channel.lingerTimer = null;
      if (channel.sessions.size > 0) return;
      channel.release();
      this.channels.delete(channel.topic.key);
      this.log.drop(channel.topic.key);
    };
    const linger = this.options.lingerMs ?? 5000;
    if (linger <= 0) return release();
    channel.lingerTimer = setTimeout(release, linger);
    channel.lingerTimer.unref?.();
  }

  private onLink(service: 'kline' | 'tx', state: LinkState, detail?: string, scope = ''): void {
    if (state !== 'connected')
      log().warn(
        { socket: scope ? `${service}@sandbox` : service, state, detail },
        'upstream link',
      );
    if (scope) {
      const link = this.links.get(scope);
      if (!link) return;
      link.state = state;
      link.tx.stateChanged(state);
    } else {
      this.linkStates[service] = state;
      if (service === 'kline') this.kline.stateChanged(state);
      else this.tx.stateChanged(state);
    }
    const entry = this.log.append(scope ? `status:tx@${scope}` : `status:${service}`, 'status', {
      service,
      state,
      detail: detail ?? null,
    });
    const kinds = service === 'kline' ? ['ohlcv'] : ['tx', 'watch'];
    const notified = new Set<Session>();
    for (const channel of this.channels.values()) {
      if (!kinds.includes(channel.topic.kind)) continue;
      if (service === 'tx' && (channel.topic as { scope?: string }).scope !== (scope || undefined))
        continue;
      for (const s of channel.sessions) {
        if (notified.has(s)) continue;
        notified.add(s);
        void s.write(entry);
      }
    }
  }
}
