/**
 * The stream hub: per server process, one kline socket, one tx socket and one trades poller per
 * pool, shared by every browser stream. Browser streams (sessions) follow topics; a topic is a
 * channel that holds the upstream subscription while anyone follows it (plus a short linger, so a
 * tab that reopens its stream to change topics does not churn the upstream) and logs its events
 * for `Last-Event-ID` replay.
 */
import { EventLog, type LoggedEvent } from './event-log';
import { KlineHub } from './kline-hub';
import { ResilientSocket, type LinkState, type SocketOpener } from './resilient-socket';
import { TradesHub, type TradesFetcher } from './trades-hub';
import { TxHub } from './tx-hub';
import type { Topic } from './topics';

export interface Session {
  /** receives every event of the topics it follows, once */
  write(event: LoggedEvent): void;
}

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

export type ServiceName = 'kline' | 'tx' | 'trades';

export class StreamHub {
  readonly log = new EventLog(256);
  readonly kline: KlineHub;
  readonly tx: TxHub;
  readonly trades: TradesHub;
  readonly klineSocket: ResilientSocket;
  readonly txSocket: ResilientSocket;
  private readonly channels = new Map<string, Channel>();
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
    this.txSocket = new ResilientSocket({
      ...common,
      name: 'tx',
      path: '/tx/api/v1/transaction/ws',
      headers: { 'X-ResendDuration': String(options.resendSeconds ?? 600) },
      ping: (id) => ({ id, type: 'ping', data: {} }),
      isPong: (m) => m.type === 'pong',
      onOpen: () => this.tx.resubscribeAll(),
      onMessage: (m) => this.tx.handle(m),
      onState: (state, detail) => this.onLink('tx', state, detail),
    });
    this.kline = new KlineHub(() => this.klineSocket);
    this.tx = new TxHub(() => this.txSocket);
    this.trades = new TradesHub(options.fetchTrades, options.tradesEveryMs);
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

  linkState(service: 'kline' | 'tx'): LinkState {
    return this.linkStates[service];
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
  }

  private openChannel(topic: Topic): Channel {
    const channel: Channel = {
      topic,
      sessions: new Set(),
      release: () => undefined,
      lingerTimer: null,
    };
    this.channels.set(topic.key, channel);
    const emit = (event: string, payload: unknown) => {
      const entry = this.log.append(topic.key, event, payload);
      for (const s of channel.sessions) s.write(entry);
    };
    switch (topic.kind) {
      case 'ohlcv':
        channel.release = this.kline.subscribe(topic, (e) =>
          e.type === 'ohlcv'
            ? emit('ohlcv', e.candle)
            : emit('error', { topic: topic.key, code: e.code, message: e.message }),
        );
        break;
      case 'tx':
        channel.release = this.tx.subscribeAll((e) =>
          e.type === 'transaction' ? emit('transaction', e.tx) : undefined,
        );
        break;
      case 'watch':
        channel.release = this.tx.watch(topic.chainType, topic.address, (e) =>
          e.type === 'transaction'
            ? emit('transaction', e.tx)
            : emit('error', { topic: topic.key, code: e.code, message: e.message }),
        );
        break;
      case 'trades':
        channel.release = this.trades.subscribe(topic, (e) =>
          e.type === 'trade'
            ? emit('trade', { ...e.trade, topic: topic.key })
            : emit('error', { topic: topic.key, code: e.code, message: e.message }),
        );
        break;
    }
    return channel;
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

  private onLink(service: 'kline' | 'tx', state: LinkState, detail?: string): void {
    this.linkStates[service] = state;
    if (service === 'kline') this.kline.stateChanged(state);
    else this.tx.stateChanged(state);
    const entry = this.log.append(`status:${service}`, 'status', {
      service,
      state,
      detail: detail ?? null,
    });
    const kinds = service === 'kline' ? ['ohlcv'] : ['tx', 'watch'];
    const notified = new Set<Session>();
    for (const channel of this.channels.values()) {
      if (!kinds.includes(channel.topic.kind)) continue;
      for (const s of channel.sessions) {
        if (notified.has(s)) continue;
        notified.add(s);
        s.write(entry);
      }
    }
  }
}
