/**
 * The stream hub of a cluster (REDIS_URL set): every instance serves its browsers from Redis Streams,
 * one per topic, and one instance at a time (the lease holder, lease.ts) holds the upstream sockets.
 *
 *   browsers ⇄ instance A ─┐                         ┌─ instance A (lease holder): kline + tx sockets,
 *   browsers ⇄ instance B ─┼─ XREAD pulse:s:<topic> ─┤   trade polls, for the union of every
 *   browsers ⇄ instance C ─┘   ZADD pulse:interest ──┘   instance's topics → XADD pulse:s:<topic>
 *
 * - Interest (interest.ts): each instance registers the topics its viewers follow in a sorted set,
 *   scored by an expiry it keeps pushing forward; a dead instance's topics fade within seconds.
 * - Relay (relay.ts): the holder follows the union on its own StreamHub (lib/server/stream/hub.ts)
 *   and publishes every event with one script that checks the lease (fencing), drops a transaction
 *   already stored for that topic (a re-send after failover, or the same one by webhook), takes the
 *   next cluster-wide sequence number and appends it to the topic's stream (bounded length). A
 *   transaction is acknowledged upstream only once stored.
 * - Reader (reader.ts): each instance reads the streams of its own viewers' topics; this file
 *   orders them per browser stream, after the replay (replay.ts) a reconnect is owed.
 * - Event ids are the stream ids (`<seq>-0`), one sequence for all topics: a tab that reconnects
 *   anywhere with `Last-Event-ID` gets exactly what came after it, in order, or `resync` when part of
 *   it was trimmed.
 * - Redis unreachable: each instance serves its own viewers from its own upstream sockets (as
 *   without REDIS_URL) and says so in their status; it returns them to the cluster when Redis is back.
 */
import 'server-only';
import { log } from '../../observe/log';
import type { LiveTransaction } from '../../contracts/stream/events';
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
import { sequenceOf, statusEvent } from './entries';
import { interestOf, loadOf, registerInterest } from './interest';
import { LinkStates } from './links';
import { StreamReader, type ReadEvent } from './reader';
import { keys, type ClusterRedis } from './redis';
import { Relay, type RelayOptions } from './relay';
import { latestCandles, replay } from './replay';

export interface ClusterOptions extends RelayOptions {
  instance: string;
  leaseTtlMs?: number;
  leaseTickMs?: number;
  /** how often interest is refreshed (and read), and how long it lives without refresh */
  interestEveryMs?: number;
  interestTtlMs?: number;
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

export class ClusterHub implements StreamSource {
  readonly lease: Lease;
  private mode: Mode;
  private readonly channels = new Map<string, Channel>();
  private readonly gates = new Set<Gate>();
  private readonly reader: StreamReader;
  private readonly relay: Relay;
  private interestTimer: NodeJS.Timeout | null = null;
  /** the cluster's interest as last read: topic key -> topic */
  private interest = new Map<string, Topic>();
  /** the holder's link states as last read */
  private readonly links = new LinkStates();
  private leaseValue: string | null = null;
  private readonly unsubscribeState: () => void;
  readonly stats = { published: 0, duplicates: 0, fenced: 0, read: 0, reads: 0 };

  constructor(
    private readonly redis: ClusterRedis,
    private readonly local: () => StreamHub,
    private readonly options: ClusterOptions,
  ) {
    this.mode = redis.state() === 'down' ? 'local' : 'cluster';
    this.relay = new Relay(redis, local, options, () => this.leaseValue, this.stats);
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
    this.reader = new StreamReader(
      redis,
      () => this.mode === 'cluster',
      (events) => this.dispatch(events),
      this.stats,
    );
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
      for (const topic of fresh) this.reader.follow(topic.key, `${current}-0`);
      if (fresh.length > 0) {
        await registerInterest(this.redis, fresh, this.options.interestTtlMs ?? 10_000);
        this.reader.nudge();
      }
      const missed = lastEventId
        ? await replay(
            this.redis.client,
            gate.topics,
            lastEventId,
            current,
            this.options.streamLength ?? 1000,
          )
        : null;
      if (gate.closed) return;
      gate.lastSeq = missed ? missed.from : current;
      const id = `${gate.lastSeq}-0`;
      const scope = scopeOf(gate.topics);
      for (const service of servicesOf(gate.topics)) {
        const state =
          service === 'trades' ? 'connected' : (this.links.get(service, scope) ?? 'connecting');
        void gate.session.write(statusEvent(id, service, state, null));
      }
      if (missed) {
        // Written now, ahead of what the reader brought meanwhile (the buffer): that is newer, and a
        // replayed event that came after it would be taken for one already sent and dropped.
        for (const e of missed.events) this.send(gate, e);
        if (!missed.complete)
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
        for (const e of await latestCandles(this.redis.client, gate.topics))
          if (!gate.closed) void gate.session.write({ ...e, id: id, bytes: undefined });
      }
    } catch {
      // Redis failed while attaching: the state listener moves every gate to local streaming.
      if (this.mode === 'cluster' && !gate.closed)
        void gate.session.write(statusEvent('', 'stream', 'resync', 'refill from history'));
    } finally {
      const buffered = gate.buffer ?? [];
      gate.buffer = null;
      for (const e of buffered) this.send(gate, e);
    }
  }

  /**
   * What the reader brings for a gate: held while the gate's replay is being read (buffer), then
   * written in sequence order, once.
   */
  private deliver(gate: Gate, e: LoggedEvent): void {
    if (gate.closed) return;
    if (gate.buffer) gate.buffer.push(e);
    else this.send(gate, e);
  }

  /** Writes a stored event unless the gate is past it (a replay and the reader may overlap). */
  private send(gate: Gate, e: LoggedEvent): void {
    if (gate.closed || e.seq <= gate.lastSeq) return;
    gate.lastSeq = e.seq;
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
        this.reader.unfollow(topic.key);
        changed = true;
      }
    }
    // The topic's interest fades by itself (interestTtlMs); the reader stops reading it now.
    if (changed) this.reader.nudge();
  }

  upstreamLoad(topics: readonly Topic[]): UpstreamLoad {
    if (this.mode === 'local') return this.local().upstreamLoad(topics);
    const all = new Map([
      ...this.interest,
      ...[...this.channels].map(([k, c]) => [k, c.topic] as const),
    ]);
    return loadOf(all, topics);
  }

  async ingest(scope: string | undefined, tx: LiveTransaction): Promise<boolean> {
    if (this.mode === 'local') return this.local().ingest(scope, tx);
    const topic = scope ? `tx@${scope}` : 'tx';
    const data = JSON.stringify(tx);
    try {
      return (await this.relay.publish(topic, 'transaction', data, '', txIdentity(tx))) > 0;
    } catch {
      return this.local().ingest(scope, tx);
    }
  }

  /** What the reader brought, to the viewers of each topic. */
  private dispatch(events: readonly ReadEvent[]): void {
    for (const { topic, e } of events) {
      if (e.event === 'status') this.links.noteStatus(topic, e.data);
      for (const gate of this.channels.get(topic)?.sessions ?? []) this.deliver(gate, e);
    }
  }

  // ---- interest: every instance says what its viewers follow ----

  private async refresh(): Promise<void> {
    if (this.mode !== 'cluster') return;
    try {
      await registerInterest(
        this.redis,
        [...this.channels.values()].map((c) => c.topic),
        this.options.interestTtlMs ?? 10_000,
      );
      const now = Date.now();
      const [members, links] = await Promise.all([
        this.redis.client.zrangebyscore(keys.interest, now, '+inf'),
        this.redis.client.hgetall(keys.links),
      ]);
      if (this.leaseValue) await this.redis.client.zremrangebyscore(keys.interest, '-inf', now);
      this.interest = interestOf(members);
      this.links.merge(links);
      if (this.leaseValue) this.relay.reconcile(this.interest);
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
      this.relay.releaseAll();
      // At once, not after the channels' linger: a lingering channel would acknowledge upstream
      // what it no longer stores.
      if (this.mode === 'cluster') this.local().stop();
    }
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
    if (this.interestTimer) clearInterval(this.interestTimer);
    this.unsubscribeState();
    await this.lease.stop();
    for (const gate of [...this.gates]) this.detach(gate);
    this.reader.stop();
  }
}
