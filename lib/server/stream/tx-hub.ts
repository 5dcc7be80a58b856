/**
 * The tx side of the stream hub: one upstream socket per process. Every matched transaction is
 * relayed once (deduplicated by chain_type + chain_id + tx_hash, as the seed suggests; a reorg
 * re-send is relayed once more, marked) and acknowledged upstream with `transactionACK`, so the
 * upstream stops re-sending it. "Watch" topics use the socket's per-connection `subscribe`, counted
 * by reference, without touching the monitored list.
 */
import { reportSchemaDrop } from './schema-drop';
import { TX_CHAIN_TYPES } from '../../contracts/chain-types';
import { topicKey } from '../../contracts/stream/topics';
import { txIdentity } from '../../contracts/tx/identity';
import type { LiveTransaction } from '../../contracts/stream/events';
import { TransactionPushData } from '../../contracts/tx/schema';
import type { LinkState, ResilientSocket } from '../../upstream/resilient-socket';

type TxEvent =
  | { type: 'transaction'; tx: LiveTransaction; watchKeys: string[]; monitored: boolean }
  | { type: 'error'; key: string; code: number; message: string };

/** A listener that stores the event elsewhere returns whether it did (see `onTransaction`). */
type Listener = (event: TxEvent) => void | Promise<boolean> | undefined;

interface Watch {
  chainType: string;
  address: string;
  listeners: Set<Listener>;
  confirmed: boolean;
}

const DEDUPE_CAPACITY = 20_000;

export class TxHub {
  private readonly all = new Set<Listener>();
  private readonly watches = new Map<string, Watch>();
  private readonly pending = new Map<string, string>();
  /** insertion-ordered set used as a bounded LRU of relayed transactions */
  private readonly seen = new Set<string>();
  relayed = 0;
  acked = 0;
  /** pushes that failed the seed's schema: counted and logged, never relayed */
  dropped = 0;

  constructor(private readonly socket: () => ResilientSocket) {}

  static watchKey(chainType: string, address: string): string {
    return topicKey.watch(chainType, address);
  }

  subscribeAll(listener: Listener): () => void {
    this.all.add(listener);
    this.socket().start();
    return () => this.all.delete(listener);
  }

  watch(chainType: string, address: string, listener: Listener): () => void {
    const key = TxHub.watchKey(chainType, address);
    let watch = this.watches.get(key);
    if (!watch) {
      watch = {
        chainType: chainType.toLowerCase(),
        address,
        listeners: new Set(),
        confirmed: false,
      };
      this.watches.set(key, watch);
      this.socket().start();
      this.sendSubscribe(key, watch);
    }
    watch.listeners.add(listener);
    return () => {
      const current = this.watches.get(key);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size > 0) return;
      this.watches.delete(key);
      const socket = this.socket();
      socket.send({
        id: socket.nextId('unwatch'),
        type: 'unsubscribe',
        data: { address: current.address, chain_type: current.chainType },
      });
    };
  }

  get watchCount(): number {
    return this.watches.size;
  }

  isWatching(chainType: string, address: string): boolean {
    return this.watches.has(TxHub.watchKey(chainType, address));
  }

  resubscribeAll(): void {
    this.pending.clear();
    for (const [key, watch] of this.watches) this.sendSubscribe(key, watch);
  }

  stateChanged(state: LinkState): void {
    if (state !== 'connected') this.pending.clear();
  }

  handle(message: Record<string, unknown>): void {
    const type = message.type;
    const id = typeof message.id === 'string' ? message.id : '';
    if (type === 'transaction') {
      const tx = TransactionPushData.safeParse(message.data);
      if (tx.success) this.onTransaction(id, tx.data);
      else {
        // Not acknowledged: without a readable chain and hash there is nothing to acknowledge.
        reportSchemaDrop('tx', 'upstream transaction', tx.error.issues[0], ++this.dropped);
      }
      return;
    }
    const watchKey = this.pending.get(id);
    if (!watchKey) return;
    this.pending.delete(id);
    const watch = this.watches.get(watchKey);
    if (!watch) return;
    if (message.code === 0) {
      watch.confirmed = true;
      return;
    }
    const code = typeof message.code === 'number' ? message.code : 400;
    const text = typeof message.msg === 'string' ? message.msg : 'watch refused';
    this.watches.delete(watchKey);
    for (const l of watch.listeners) void l({ type: 'error', key: watchKey, code, message: text });
  }

  private onTransaction(messageId: string, tx: LiveTransaction): void {
    const chainType = tx.chain_type.toLowerCase();
    const chainId = tx.chain_id;
    const hash = tx.tx_hash;
    if (!this.firstSighting(tx)) {
      this.ack(messageId, chainType, chainId, hash); // a re-send: acknowledge again so it stops
      return;
    }
    this.relayed++;

    const matched = tx.listenAddress ?? [];
    const watchKeys: string[] = [];
    let onlyWatched = matched.length > 0;
    for (const address of matched) {
      const key = this.findWatch(chainType, address);
      if (key) watchKeys.push(key);
      else onlyWatched = false;
    }
    // A transaction that matched only addresses this server watches is not a monitored-list match:
    // it goes to the watchers, not to every `tx` stream.
    const monitored = !onlyWatched;
    const event: TxEvent = { type: 'transaction', tx, watchKeys, monitored };
    const stored: Promise<boolean>[] = [];
    const call = (l: Listener) => {
      const result = l(event);
      if (result) stored.push(result);
    };
    if (monitored) for (const l of this.all) call(l);
    for (const key of watchKeys) {
      for (const l of this.watches.get(key)?.listeners ?? []) call(l);
    }
    // Relayed: now the upstream may stop re-sending it.
    if (stored.length === 0) return this.ack(messageId, chainType, chainId, hash);
    // Relayed into a store (the cluster's Redis Streams): acknowledged only once stored, so a
    // relay that dies before it stored the transaction leaves it to the upstream's re-send; a
    // refused store (this instance lost the lease) forgets it, so the re-send is relayed again.
    void Promise.all(stored)
      .then((all) => all.every(Boolean))
      .catch(() => false)
      .then((ok) => {
        if (ok) this.ack(messageId, chainType, chainId, hash);
        else this.seen.delete(txIdentity(tx));
      });
  }

  /**
   * Transactions that arrived by webhook (POST /api/webhooks/tx): the same deduplication, so one
   * that also came over the socket shows once, and the same `tx` listeners. False for a duplicate.
   */
  ingest(tx: LiveTransaction): boolean {
    if (!this.firstSighting(tx)) return false;
    this.relayed++;
    const event: TxEvent = { type: 'transaction', tx, watchKeys: [], monitored: true };
    for (const l of this.all) void l(event);
    return true;
  }

  private firstSighting(tx: LiveTransaction): boolean {
    const key = txIdentity(tx);
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    if (this.seen.size > DEDUPE_CAPACITY) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    return true;
  }

  private findWatch(chainType: string, address: string): string | null {
    const direct = TxHub.watchKey(chainType, address);
    if (this.watches.has(direct)) return direct;
    // A watch on `evm` covers every EVM chain.
    if (TX_CHAIN_TYPES[chainType] === 'evm') {
      const generic = TxHub.watchKey('evm', address);
      if (this.watches.has(generic)) return generic;
    }
    return null;
  }

  private ack(messageId: string, chainType: string, chainId: number, txHash: string): void {
    const socket = this.socket();
    const data: Record<string, unknown> = { chain_type: chainType, chain_id: chainId, txHash };
    if (messageId) data.messageId = messageId;
    if (socket.send({ id: socket.nextId('ack'), type: 'transactionACK', data })) this.acked++;
  }

  private sendSubscribe(key: string, watch: Watch): void {
    const socket = this.socket();
    const id = socket.nextId('watch');
    if (
      socket.send({
        id,
        type: 'subscribe',
        data: { address: watch.address, chain_type: watch.chainType },
      })
    ) {
      this.pending.set(id, key);
    }
  }
}
