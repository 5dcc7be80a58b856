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
import { WsHub } from './ws';

/** Replayed transactions a sandbox keeps (the oldest go first). */
export const SANDBOX_REPLAY_LIMIT = 100;
/** A sandbox's webhook queue: past this, newer matches are not queued. */
export const SANDBOX_QUEUE_LIMIT = 500;

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
}

export class AppContext {
  readonly id: string;
  readonly app: AppState;
  readonly monitored: Monitored;
  readonly webhook: Webhook;
  readonly hub: WsHub;
  lastUsed: number;
  /** this application's turn counter in the producer's rotation */
  steps = 0;
  private readonly replayed: Map<string, StoredTx> | null;

  constructor(private readonly deps: ContextDeps) {
    this.id = deps.id;
    this.app = deps.app;
    this.lastUsed = deps.now();
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
    });
  }

  get isSandbox(): boolean {
    return this.replayed !== null;
  }

  find(chain: TxChain, hash: string): TransactionDetail | null {
    if (this.replayed) {
      const normalized = this.deps.explorer.codec.normalizeHash(chain, hash);
      const own = normalized ? this.replayed.get(`${chain.name}|${normalized}`) : undefined;
      if (own) return { ...own };
    }
    return this.deps.explorer.find(chain, hash);
  }

  findByName(chainName: string, hash: string): TransactionDetail | null {
    const chain = this.deps.explorer.chainsOf(chainName)[0];
    return chain ? this.find(chain, hash) : null;
  }

  hasReplayedId(id: number): boolean {
    if (!this.replayed) return this.deps.explorer.ledger.hasId(id);
    for (const tx of this.replayed.values()) if (tx.id === id) return true;
    return this.deps.explorer.ledger.hasId(id);
  }

  /** ws/replay: the operator's go to the shared ledger; a sandbox's stay in the sandbox. */
  putReplayed(chain: TxChain, tx: StoredTx): void {
    if (!this.replayed) {
      this.deps.explorer.ledger.putReplayed(chain, tx);
      return;
    }
    const key = `${chain.name}|${tx.tx_hash}`;
    this.replayed.delete(key);
    this.replayed.set(key, tx);
    while (this.replayed.size > SANDBOX_REPLAY_LIMIT)
      this.replayed.delete(this.replayed.keys().next().value as string);
  }

  /** This application's turn of production: its monitored list and its clients' own watches. */
  targets(): { chain_type: string; address: string }[] {
    const targets = new Map<string, { chain_type: string; address: string }>();
    for (const e of this.monitored.list()) targets.set(`${e.chain_type}|${e.key}`, e);
    for (const w of this.hub.watched()) targets.set(`${w.chain_type}|${w.address}`, w);
    return [...targets.values()];
  }
}
