/**
 * One application of the tx service, as the seed has it ("each caller is an application identified
 * by its API key"): its configuration, monitored list, webhook queue and WebSocket clients. The
 * operator's application is persisted; a demo sandbox's lives in memory and keeps the transactions
 * replayed into it to itself (the shared ledger is never written by a sandbox).
 */
import type { TransactionDetail } from '../../contracts/tx/schema';
import type { AppState } from './app-config';
import { Monitored } from './addresses';
import type { TxChain } from './chains';
import type { Explorer } from './explorer';
import type { StoredTx } from './ledger';
import type { Outcome } from './outbound';
import { Webhook } from './webhook';
import type { ByteBudget } from './tenants';
import { WsHub } from './ws';

/** Replayed transactions a sandbox keeps (the oldest go first; bytes are bounded too). */
const SANDBOX_REPLAY_LIMIT = 100;
/** A sandbox's webhook queue: past this, newer matches are not queued. */
const SANDBOX_QUEUE_LIMIT = 500;
/** Unacknowledged WebSocket pushes a sandbox keeps for its clients. */
const SANDBOX_PENDING_LIMIT = 200;
/** Push message ids a sandbox remembers for getTxHash (every produced transaction gets one). */
const SANDBOX_RECENT_LIMIT = 500;

/** Why a replay was not kept (lib/sim/tx/admin.ts answers with it). */
export type ReplayRefusal = 'too-large' | 'demo-full';

export interface ContextDeps {
  /** '' for the operator's application, else the sandbox id */
  id: string;
  app: AppState;
  explorer: Explorer;
  now: () => number;
  webhookBaseMs: number;
  maxAddresses: number;
  send: (url: string, sign: string, body: string) => Promise<Outcome>;
  changed: () => void;
  /** a sandbox's replay bytes: its own bound, and the budget shared by every sandbox */
  replayBytes?: { max: number; budget: ByteBudget };
}

export class AppContext {
  readonly id: string;
  readonly app: AppState;
  readonly monitored: Monitored;
  readonly webhook: Webhook;
  readonly hub: WsHub;
  lastUsed: number;
  /** the last change (config, list, replay, retry): a sandbox changed lately is never evicted */
  lastWrite: number;
  /** this application's turn counter in the producer's rotation */
  steps = 0;
  private readonly replayed: Map<string, { tx: StoredTx; bytes: number }> | null;
  private replayBytes = 0;

  constructor(private readonly deps: ContextDeps) {
    this.id = deps.id;
    this.app = deps.app;
    this.lastUsed = deps.now();
    this.lastWrite = this.lastUsed;
    this.monitored = new Monitored(deps.maxAddresses);
    this.replayed = deps.id === '' ? null : new Map();
    this.webhook = new Webhook({
      app: deps.app,
      now: deps.now,
      baseMs: deps.webhookBaseMs,
      resolve: (chain, hash) => this.findByName(chain, hash),
      changed: deps.changed,
      send: deps.send,
      queueLimit: deps.id === '' ? undefined : SANDBOX_QUEUE_LIMIT,
    });
    this.hub = new WsHub({
      app: deps.app,
      now: deps.now,
      explorer: deps.explorer,
      find: (chain, hash) => this.find(chain, hash),
      monitored: this.monitored,
      changed: deps.changed,
      pendingLimit: deps.id === '' ? undefined : SANDBOX_PENDING_LIMIT,
      recentLimit: deps.id === '' ? undefined : SANDBOX_RECENT_LIMIT,
    });
  }

  get isSandbox(): boolean {
    return this.replayed !== null;
  }

  find(chain: TxChain, hash: string): TransactionDetail | null {
    if (this.replayed) {
      const normalized = this.deps.explorer.codec.normalizeHash(chain, hash);
      const own = normalized ? this.replayed.get(`${chain.name}|${normalized}`) : undefined;
      if (own) return { ...own.tx };
    }
    return this.deps.explorer.find(chain, hash);
  }

  findByName(chainName: string, hash: string): TransactionDetail | null {
    const chain = this.deps.explorer.chainsOf(chainName)[0];
    return chain ? this.find(chain, hash) : null;
  }

  hasReplayedId(id: number): boolean {
    if (!this.replayed) return this.deps.explorer.ledger.hasId(id);
    for (const r of this.replayed.values()) if (r.tx.id === id) return true;
    return this.deps.explorer.ledger.hasId(id);
  }

  /**
   * ws/replay: the operator's go to the shared ledger; a sandbox's stay in the sandbox, within its
   * byte bound (its oldest replays make room) and the budget of all sandboxes (past it, refused).
   */
  putReplayed(chain: TxChain, tx: StoredTx): ReplayRefusal | null {
    if (!this.replayed) {
      this.deps.explorer.ledger.putReplayed(chain, tx);
      return null;
    }
    const limits = this.deps.replayBytes;
    const bytes = JSON.stringify(tx).length;
    if (limits && bytes > limits.max) return 'too-large';
    const key = `${chain.name}|${tx.tx_hash}`;
    this.forget(key);
    while (
      this.replayed.size >= SANDBOX_REPLAY_LIMIT ||
      (limits && this.replayed.size > 0 && this.replayBytes + bytes > limits.max)
    )
      this.forget(this.replayed.keys().next().value as string);
    if (limits && !limits.budget.take(bytes)) return 'demo-full';
    this.replayed.set(key, { tx, bytes });
    this.replayBytes += bytes;
    return null;
  }

  /** Gives every replay's bytes back (the sandbox is dropped). */
  dropReplays(): void {
    if (!this.replayed) return;
    for (const key of [...this.replayed.keys()]) this.forget(key);
  }

  private forget(key: string): void {
    const entry = this.replayed?.get(key);
    if (!entry) return;
    this.replayed?.delete(key);
    this.replayBytes -= entry.bytes;
    this.deps.replayBytes?.budget.give(entry.bytes);
  }

  /** This application's turn of production: its monitored list and its clients' own watches. */
  targets(): { chain_type: string; address: string }[] {
    const targets = new Map<string, { chain_type: string; address: string }>();
    for (const e of this.monitored.list()) targets.set(`${e.chain_type}|${e.key}`, e);
    for (const w of this.hub.watched()) targets.set(`${w.chain_type}|${w.address}`, w);
    return [...targets.values()];
  }
}
