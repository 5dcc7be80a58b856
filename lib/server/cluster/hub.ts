/**
 * The stream hub of a cluster (REDIS_URL set): every instance serves its browsers from Redis Streams,
 * one per topic, and one instance at a time (the lease holder, lease.ts) holds the upstream sockets.
 *
 *   browsers ⇄ instance A ─┐                         ┌─ instance A (lease holder): kline + tx sockets,
 *   browsers ⇄ instance B ─┼─ XREAD pulse:s:<topic> ─┤   trade polls, for the union of every
 *   browsers ⇄ instance C ─┘   ZADD pulse:interest ──┘   instance's topics → XADD pulse:s:<topic>
 *
 * - Interest: each instance registers the topics its viewers follow in a sorted set, scored by an
 *   expiry it keeps pushing forward; a dead instance's topics fade within seconds.
 * - Relay: the holder follows the union on its own StreamHub (lib/server/stream/hub.ts) and
 *   publishes every event with one script that checks the lease (fencing), drops a transaction
 *   already stored for that topic (a re-send after failover, or the same one by webhook), takes the
 *   next cluster-wide sequence number and appends it to the topic's stream (bounded length). A
 *   transaction is acknowledged upstream only once stored.
 * - Event ids are the stream ids (`<seq>-0`), one sequence for all topics: a tab that reconnects
 *   anywhere with `Last-Event-ID` gets exactly what came after it, in order, or `resync` when part of
 *   it was trimmed.
 * - Redis unreachable: each instance serves its own viewers from its own upstream sockets (as
 *   without REDIS_URL) and says so in their status; it returns them to the cluster when Redis is back.
 */
import 'server-only';
import { log } from '../../observe/log';
import type { LiveCandle, LiveTransaction, StreamEventName } from '../../contracts/stream/events';
import type { Topic } from '../../contracts/stream/topics';
import { txIdentity } from '../../contracts/tx/identity';
import type { LoggedEvent } from '../stream/event-log';
import type { StreamHub } from '../stream/hub';
import {
  scopeOf,
  servicesOf,
  type Session,
  type StreamSource,
  type UpstreamLoad,
} from '../stream/source';
import { Lease } from './lease';
import { appendEvent } from './append';
import { parseInterestMember, parseLinkState, parseStoredEvent } from './parse';
import { keys, type ClusterRedis } from './redis';
import type Redis from 'ioredis';

/** How far back a new lease holder fills candles (a longer gap is not a failover). */
const BACKFILL_MAX_AGE_S = 600;

export interface ClusterOptions {
  instance: string;
  /** events kept per topic stream (a reconnect further behind gets `resync`) */
  streamLength?: number;
  /** a topic stream nobody publishes to is deleted after this long */
  streamTtlMs?: number;
  leaseTtlMs?: number;
  leaseTickMs?: number;
  /** how often interest is refreshed (and read), and how long it lives without refresh */
  interestEveryMs?: number;
  interestTtlMs?: number;
  /** fills the candles a failover missed (the holder's first minutes), from HTTP history */
  backfill?: (last: LiveCandle) => Promise<LiveCandle[]>;
}

type Mode = 'cluster' | 'local';

interface Channel {
  topic: Topic;
  sessions: Set<Gate>;
}

/** One attached browser stream: orders what it receives by sequence, once. */
interface Gate {
  topics: readonly Topic[];
  session: Session;
  mode: Mode;
  /** highest sequence written; events at or below it are not written again */
  lastSeq: number;
  /** events that arrived while the replay was being read */
  buffer: LoggedEvent[] | null;
  /** the local hub's follow, while Redis is unreachable */
  unfollowLocal: (() => void) | null;
  closed: boolean;
}

const statusEvent = (
  id: string,
  service: string,
  state: string,
  detail: string | null,
): LoggedEvent => ({
  seq: 0,
  id,
  event: 'status',
  data: JSON.stringify({ service, state, detail }),
});

export class ClusterHub implements StreamSource {
  readonly lease: Lease;
  private mode: Mode;
  private readonly channels = new Map<string, Channel>();
  private readonly gates = new Set<Gate>();
  /** the reader's position per topic stream */
  private readonly positions = new Map<string, string>();
  private reader: Redis | null = null;
  private readerId: number | null = null;
  private wakeReader: (() => void) | null = null;
  private running = true;
  private interestTimer: NodeJS.Timeout | null = null;
  /** the cluster's interest as last read: topic key -> topic */
  private interest = new Map<string, Topic>();
  /** the holder's link states as last read (kline, tx, tx@scope) */
  private links = new Map<string, string>();
  /** while holding the lease: topic key -> the local follow that publishes it */
  private readonly relays = new Map<string, () => void>();
  private leaseValue: string | null = null;
  private readonly unsubscribeState: () => void;
  readonly stats = { published: 0, duplicates: 0, fenced: 0, read: 0, reads: 0 };

  constructor(
    private readonly redis: ClusterRedis,
    private readonly local: () => StreamHub,
    private readonly options: ClusterOptions,
  ) {
    this.mode = redis.state() === 'down' ? 'local' : 'cluster';
    this.lease = new Lease(redis, {
      instance: options.instance,
      ttlMs: options.leaseTtlMs,
      tickMs: options.leaseTickMs,
      onChange: (value) => this.onLease(value),
    });
    this.unsubscribeState = redis.onState((state) => {
      if (state === 'up') this.toCluster();
      else if (state === 'down') this.toLocal();
    });
    this.lease.start();
    this.interestTimer = setInterval(() => void this.refresh(), options.interestEveryMs ?? 1000);
    this.interestTimer.unref?.();
    void this.readLoop();
  }

  get holdsLease(): boolean {
    return this.leaseValue !== null;
  }

  get serving(): Mode {
    return this.mode;
  }

  get topicCount(): number {
    return this.channels.size;
  }

  // ---- browser streams ----

  attach(topics: readonly Topic[], session: Session, lastEventId: string | null): () => void {
    const gate: Gate = {
      topics,
      session,
      mode: this.mode,
      lastSeq: 0,
      buffer: [],
      unfollowLocal: null,
      closed: false,
    };
    this.gates.add(gate);
    if (gate.mode === 'local') this.attachLocal(gate, lastEventId);
    else void this.attachCluster(gate, lastEventId);
    return () => this.detach(gate);
  }

  private detach(gate: Gate): void {
    if (gate.closed) return;
    gate.closed = true;
    this.gates.delete(gate);
    gate.unfollowLocal?.();
    gate.unfollowLocal = null;
    this.leaveChannels(gate);
  }

  private attachLocal(gate: Gate, lastEventId: string | null): void {
    gate.buffer = null;
    gate.unfollowLocal = this.local().attach(gate.topics, gate.session, lastEventId);
    void gate.session.write(
      statusEvent(
        '',
        'cluster',
        'local',
        'the cluster store is unreachable: this server streams on its own',
      ),
    );
  }

  private async attachCluster(gate: Gate, lastEventId: string | null): Promise<void> {
    const fresh = this.joinChannels(gate);
    try {
      const current = sequenceOf(await this.redis.client.get(keys.seq));
      for (const topic of fresh) this.positions.set(topic.key, `${current}-0`);
      if (fresh.length > 0) {
        await this.register(fresh);
        this.nudgeReader();
      }
      const replay = lastEventId ? await this.replay(gate, lastEventId, current) : null;
      if (gate.closed) return;
      gate.lastSeq = replay ? replay.from : current;
      const id = `${gate.lastSeq}-0`;
      const scope = scopeOf(gate.topics);
      for (const service of servicesOf(gate.topics)) {
        const state =
          service === 'trades'
            ? 'connected'
            : (this.links.get(service === 'tx' && scope ? `tx@${scope}` : service) ?? 'connecting');
        void gate.session.write(statusEvent(id, service, state, null));
      }
      if (replay) {
        for (const e of replay.events) this.deliver(gate, e);
        if (!replay.complete)
          void gate.session.write(
            statusEvent(
              id,
              'stream',
              'resync',
              'some events could not be replayed: refill from history',
            ),
          );
      } else {
        // A viewer who joins gets the pool's latest candle at once, as on one process.
        // Its id is the gate's position, so that a reconnect does not replay from before it.
        for (const e of await this.latestCandles(gate.topics))
          this.deliver(gate, { ...e, id: id, bytes: undefined }, true);
      }
    } catch {
      // Redis failed while attaching: the state listener moves every gate to local streaming.
      if (this.mode === 'cluster' && !gate.closed)
        void gate.session.write(statusEvent('', 'stream', 'resync', 'refill from history'));
    } finally {
      const buffered = gate.buffer ?? [];
      gate.buffer = null;
      for (const e of buffered) this.deliver(gate, e);
    }
  }

  /** What the gate missed after `lastEventId`, oldest first; `from` is the sequence replay starts at. */
  private async replay(
    gate: Gate,
    lastEventId: string,
    current: number,
  ): Promise<{ events: LoggedEvent[]; complete: boolean; from: number }> {
    const match = /^(\d{1,15})-0$/.exec(lastEventId);
    const last = match ? Number(match[1]) : NaN;
    // Another instance's local id, or one from before Redis lost its data: not replayable.
    if (!Number.isSafeInteger(last) || last > current)
      return { events: [], complete: false, from: current };
    const max = this.options.streamLength ?? 1000;
    const pipeline = this.redis.client.pipeline();
    for (const t of gate.topics) pipeline.xrange(keys.stream(t.key), `(${last}-0`, '+');
    for (const t of gate.topics) pipeline.xlen(keys.stream(t.key));
    for (const t of gate.topics) pipeline.xrange(keys.stream(t.key), '-', '+', 'COUNT', 1);
    const results = (await pipeline.exec()) ?? [];
    const n = gate.topics.length;
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

  private async latestCandles(topics: readonly Topic[]): Promise<LoggedEvent[]> {
    const ohlcv = topics.filter((t) => t.kind === 'ohlcv');
    if (ohlcv.length === 0) return [];
    const pipeline = this.redis.client.pipeline();
    for (const t of ohlcv) pipeline.xrevrange(keys.stream(t.key), '+', '-', 'COUNT', 8);
    const out: LoggedEvent[] = [];
    for (const [err, entries] of (await pipeline.exec()) ?? []) {
      if (err) continue;
      const latest = ((entries as StreamEntry[] | null) ?? [])
        .map(toLogged)
        .find((e) => e?.event === 'ohlcv');
      if (latest) out.push(latest);
    }
    return out;
  }

  /** Writes one event to a gate in sequence order, once (a replay and the reader may overlap). */
  private deliver(gate: Gate, e: LoggedEvent, snapshot = false): void {
    if (gate.closed) return;
    if (gate.buffer && !snapshot) {
      gate.buffer.push(e);
      return;
    }
    if (!snapshot) {
      if (e.seq <= gate.lastSeq) return;
      gate.lastSeq = e.seq;
    }
    void gate.session.write(e);
  }

  /** Adds the gate to its topics' channels; returns the topics this instance did not follow yet. */
  private joinChannels(gate: Gate): Topic[] {
    const fresh: Topic[] = [];
    for (const topic of gate.topics) {
      let channel = this.channels.get(topic.key);
      if (!channel) {
        channel = { topic, sessions: new Set() };
        this.channels.set(topic.key, channel);
        fresh.push(topic);
      }
      channel.sessions.add(gate);
    }
    return fresh;
  }

  private leaveChannels(gate: Gate): void {
    let changed = false;
    for (const topic of gate.topics) {
      const channel = this.channels.get(topic.key);
      if (!channel) continue;
      channel.sessions.delete(gate);
      if (channel.sessions.size === 0) {
        this.channels.delete(topic.key);
        this.positions.delete(topic.key);
        changed = true;
      }
    }
    // The topic's interest fades by itself (interestTtlMs); the reader stops reading it now.
    if (changed) this.nudgeReader();
  }

  upstreamLoad(topics: readonly Topic[]): UpstreamLoad {
    if (this.mode === 'local') return this.local().upstreamLoad(topics);
    const held = { pools: new Set<string>(), polls: 0, watches: 0 };
    const poolOf = (t: Extract<Topic, { kind: 'ohlcv' }>) =>
      `${t.chainType}:${t.chainId}:${t.pool.toLowerCase()}`;
    const all = new Map([
      ...this.interest,
      ...[...this.channels].map(([k, c]) => [k, c.topic] as const),
    ]);
    for (const t of all.values()) {
      if (t.kind === 'ohlcv') held.pools.add(poolOf(t));
      else if (t.kind === 'trades') held.polls++;
      else if (t.kind === 'watch') held.watches++;
    }
    const added = { pools: new Set<string>(), polls: 0, watches: 0 };
    for (const t of topics) {
      if (all.has(t.key)) continue;
      if (t.kind === 'ohlcv' && !held.pools.has(poolOf(t))) added.pools.add(poolOf(t));
      else if (t.kind === 'trades') added.polls++;
      else if (t.kind === 'watch') added.watches++;
    }
    return {
      pools: { held: held.pools.size, added: added.pools.size },
      polls: { held: held.polls, added: added.polls },
      watches: { held: held.watches, added: added.watches },
    };
  }

  async ingest(scope: string | undefined, tx: LiveTransaction): Promise<boolean> {
    if (this.mode === 'local') return this.local().ingest(scope, tx);
    const topic = scope ? `tx@${scope}` : 'tx';
    const data = JSON.stringify(tx);
    try {
      return (await this.publish(topic, 'transaction', data, '', txIdentity(tx))) > 0;
    } catch {
      return this.local().ingest(scope, tx);
    }
  }

  // ---- the reader: every instance, for its own viewers ----

  private nudgeReader(): void {
    this.wakeReader?.();
    if (this.readerId !== null)
      void this.redis.client.call('CLIENT', 'UNBLOCK', this.readerId).catch(() => undefined);
  }

  private async readLoop(): Promise<void> {
    while (this.running) {
      if (this.mode !== 'cluster' || this.positions.size === 0) {
        await new Promise<void>((resolve) => {
          this.wakeReader = resolve;
          setTimeout(resolve, 1000).unref?.();
        });
        this.wakeReader = null;
        continue;
      }
      try {
        const reader = await this.readerConnection();
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

  private async readerConnection(): Promise<Redis> {
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
    const events: { topic: string; e: LoggedEvent }[] = [];
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
    for (const { topic, e } of events) {
      if (e.event === 'status') this.noteStatus(topic, e.data);
      for (const gate of this.channels.get(topic)?.sessions ?? []) this.deliver(gate, e);
    }
  }

  private noteStatus(topic: string, data: string): void {
    try {
      const status = JSON.parse(data) as { service?: string; state?: string };
      const state = parseLinkState(status.state);
      if (!status.service || !state) return;
      const scope = topic.includes('@') ? topic.slice(topic.indexOf('@') + 1) : '';
      const key = status.service === 'tx' && scope ? `tx@${scope}` : status.service;
      if (LINK_KEY.test(key)) this.links.set(key, state);
    } catch {
      // not ours to judge
    }
  }

  // ---- interest: every instance says what its viewers follow ----

  private async register(topics: readonly Topic[]): Promise<void> {
    if (topics.length === 0) return;
    const expiry = Date.now() + (this.options.interestTtlMs ?? 10_000);
    const args: (string | number)[] = [];
    for (const t of topics) args.push(expiry, JSON.stringify(t));
    await this.redis.client.zadd(keys.interest, ...args);
  }

  private async refresh(): Promise<void> {
    if (this.mode !== 'cluster') return;
    try {
      await this.register([...this.channels.values()].map((c) => c.topic));
      const now = Date.now();
      const [members, links] = await Promise.all([
        this.redis.client.zrangebyscore(keys.interest, now, '+inf'),
        this.redis.client.hgetall(keys.links),
      ]);
      if (this.leaseValue) await this.redis.client.zremrangebyscore(keys.interest, '-inf', now);
      const interest = new Map<string, Topic>();
      for (const member of members) {
        const topic = parseInterestMember(member);
        if (topic) interest.set(topic.key, topic);
      }
      this.interest = interest;
      for (const [k, v] of Object.entries(links)) {
        const state = parseLinkState(v);
        if (state && LINK_KEY.test(k)) this.links.set(k, state);
      }
      if (this.leaseValue) this.reconcile();
      else this.closeIdleSockets();
    } catch {
      // Redis unreachable: the state listener handles it.
    }
  }

  /**
   * Only the lease holder keeps upstream sockets: one left open by a former holder, or by a spell of
   * local streaming while Redis was away, would still receive the upstream's pushes and acknowledge
   * them, and the holder would never be sent those transactions.
   */
  private closeIdleSockets(): void {
    const local = this.local();
    if (local.channelCount > 0) return;
    if (local.klineSocket.active || local.txSocket.active || local.sandboxLinks > 0) local.stop();
  }

  // ---- the relay: the lease holder only ----

  private onLease(value: string | null): void {
    const was = this.leaseValue;
    this.leaseValue = value;
    if (value && !was) {
      log().info(
        { instance: this.options.instance },
        'cluster: this instance holds the upstream lease',
      );
      void this.refresh();
    } else if (!value && was) {
      log().warn({ instance: this.options.instance }, 'cluster: upstream lease lost or given up');
      for (const release of this.relays.values()) release();
      this.relays.clear();
      // At once, not after the channels' linger: a lingering channel would acknowledge upstream
      // what it no longer stores.
      if (this.mode === 'cluster') this.local().stop();
    }
  }

  /** Follows the union of every instance's topics on this instance's own hub, and only those. */
  private reconcile(): void {
    const local = this.local();
    for (const [key, release] of this.relays) {
      if (this.interest.has(key)) continue;
      release();
      this.relays.delete(key);
    }
    for (const [key, topic] of this.interest) {
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
        if (!released && this.leaseValue) release = local.follow([topic], relay);
      });
    }
  }

  private relayEvent(topic: Topic, e: LoggedEvent): Promise<boolean> | void {
    const value = this.leaseValue;
    if (!value) return Promise.resolve(false);
    if (e.event === 'status') {
      const status = JSON.parse(e.data) as { service?: string; state?: string };
      const scope = 'scope' in topic ? topic.scope : undefined;
      if (status.service && status.state)
        void this.redis.client
          .hset(
            keys.links,
            status.service === 'tx' && scope ? `tx@${scope}` : status.service,
            status.state,
          )
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
      const entries = (await this.redis.client.xrevrange(
        keys.stream(topicKey),
        '+',
        '-',
        'COUNT',
        8,
      )) as StreamEntry[];
      const last = entries.map(toLogged).find((e) => e?.event === 'ohlcv');
      if (!last || !this.options.backfill || !this.leaseValue) return;
      const candle = JSON.parse(last.data) as LiveCandle;
      // A topic idle for long (its stream outlives its viewers): the charts load history anyway.
      if (Date.now() / 1000 - candle.open_time > BACKFILL_MAX_AGE_S) return;
      const candles = await this.options.backfill(candle);
      for (const candle of candles) {
        const value = this.leaseValue;
        if (!value) return;
        await this.publish(topicKey, 'ohlcv', JSON.stringify(candle), value, '');
      }
    } catch {
      // best effort: the client refills from history when it sees a gap in the status
    }
  }

  private async publish(
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

  // ---- Redis lost and found ----

  private toLocal(): void {
    if (this.mode === 'local') return;
    this.mode = 'local';
    log().warn({ streams: this.gates.size }, 'cluster store unreachable: streaming on our own');
    for (const gate of this.gates) {
      this.leaveChannels(gate);
      gate.mode = 'local';
      this.attachLocal(gate, null);
    }
  }

  private toCluster(): void {
    if (this.mode === 'cluster') return;
    this.mode = 'cluster';
    log().info({ streams: this.gates.size }, 'cluster store back: streaming from the cluster');
    for (const gate of this.gates) {
      gate.unfollowLocal?.();
      gate.unfollowLocal = null;
      gate.mode = 'cluster';
      gate.buffer = [];
      gate.lastSeq = 0;
      void this.attachCluster(gate, null).then(() => {
        // What happened while we switched is not replayable: the tab refills from history.
        if (gate.closed) return;
        const id = `${gate.lastSeq}-0`;
        void gate.session.write(statusEvent(id, 'cluster', 'cluster', null));
        void gate.session.write(statusEvent(id, 'stream', 'resync', 'back on the cluster'));
      });
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.interestTimer) clearInterval(this.interestTimer);
    this.unsubscribeState();
    await this.lease.stop();
    for (const gate of [...this.gates]) this.detach(gate);
    this.nudgeReader();
    this.reader?.disconnect();
    this.reader = null;
  }
}

type StreamEntry = [id: string, fields: string[]];

/** The keys of the links hash: a service, or a sandbox's tx link. */
const LINK_KEY = /^(kline|tx|trades)(@[A-Za-z0-9_-]{22})?$/;

/** The cluster's sequence counter as read back: a count, or 0 for anything else. */
function sequenceOf(raw: string | null): number {
  const n = Number(raw ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/**
 * XREAD's answer as [stream, entries] pairs: RESP2 sends a list of pairs, RESP3 a map, which the
 * client flattens to [stream, entries, stream, entries…].
 */
function streamsOf(reply: unknown[]): [string, StreamEntry[]][] {
  if (typeof reply[0] !== 'string') return reply as [string, StreamEntry[]][];
  const pairs: [string, StreamEntry[]][] = [];
  for (let i = 0; i + 1 < reply.length; i += 2)
    pairs.push([reply[i] as string, reply[i + 1] as StreamEntry[]]);
  return pairs;
}

function seqOf(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/** An entry read back from Redis: kept only when it is exactly an event this app writes. */
function toLogged([id, fields]: StreamEntry): LoggedEvent | null {
  if (typeof id !== 'string' || !/^\d{1,15}-0$/.test(id) || !Array.isArray(fields)) return null;
  let event: string | undefined;
  let data: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'e') event = fields[i + 1];
    else if (fields[i] === 'd') data = fields[i + 1];
  }
  const parsed = parseStoredEvent(event, data);
  return parsed ? { seq: seqOf(id), id, event: parsed.event, data: parsed.data } : null;
}

function txIdentityOf(data: string): string {
  try {
    return txIdentity(JSON.parse(data) as Record<string, unknown>);
  } catch {
    return '';
  }
}
