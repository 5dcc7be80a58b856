/**
 * The tx service's state and its persistence. Two files in config.stateDir: `tx-state.json` (the
 * operator application's config with the secret, monitored list, webhook queue, unACKed pushes;
 * small, written 200 ms after a change) and `tx-history.json` (produced and replayed transactions,
 * the hash table; larger, written at most every 2 s). Both are flushed on stop. Demo sandboxes
 * (config.sandboxes) are applications of their own, in memory only (lib/sim/tx/tenants.ts).
 */
import { TransactionDetail } from '../../contracts/tx/schema';
import type { SimConfig } from '../core/types';
import type { Market } from '../market';
import { INITIAL_WALLETS } from '../catalogue';
import { defaultApp, restoreApp } from './app-config';
import { AppContext } from './app-context';
import type { TxChain } from './chains';
import { Explorer } from './explorer';
import { participantKeys, type StoredTx } from './ledger';
import { postJson, type Outcome } from './outbound';
import { Producer } from './producer';
import { JsonFile } from './store';
import { DEFAULT_SANDBOX_BYTES, Tenants, type ByteBudget } from './tenants';
import { WEBHOOK_TIMEOUT_MS } from './webhook';

const STATE_VERSION = 1;
/** The operator application's list when SimConfig.maxAddresses is not given. */
const DEFAULT_MAX_ADDRESSES = 10_000;

export interface DispatchOptions {
  reorg: boolean;
  /** replay: push to every client with this listenAddress, and call the webhook whatever matched */
  force?: { listen: string[] };
}

export class TxRuntime {
  readonly operator: AppContext;
  readonly tenants: Tenants | null;
  readonly explorer: Explorer;
  readonly producer: Producer;
  private readonly stateFile: JsonFile;
  private readonly historyFile: JsonFile;
  private readonly genesis: number;

  constructor(
    readonly config: SimConfig,
    market: Market,
  ) {
    this.stateFile = new JsonFile(config.stateDir, 'tx-state.json', 200);
    this.historyFile = new JsonFile(config.stateDir, 'tx-history.json', 2_000);
    const saved = record(this.stateFile.load());
    const fresh = saved.version !== STATE_VERSION;
    const nowMs = config.now();

    this.genesis =
      !fresh && typeof saved.genesis === 'number' ? saved.genesis : Math.floor(nowMs / 1000);
    this.explorer = new Explorer({ seed: config.seed, market }, this.genesis, () => this.nowSec());
    this.operator = new AppContext({
      id: '',
      app: fresh
        ? defaultApp(config.apiKey, nowMs)
        : restoreApp(saved.app, defaultApp(config.apiKey, nowMs)),
      explorer: this.explorer,
      now: () => config.now(),
      webhookBaseMs: config.webhookRetryBaseMs,
      maxAddresses: config.maxAddresses ?? DEFAULT_MAX_ADDRESSES,
      send: (url, sign, body) => this.send('', url, sign, body),
      changed: () => this.saveState(),
    });
    this.tenants = config.sandboxes
      ? new Tenants(
          config.sandboxes,
          (id, budget) => this.newSandbox(id, budget),
          () => config.now(),
        )
      : null;
    this.producer = new Producer({
      seed: config.seed,
      explorer: this.explorer,
      contexts: () => this.activeContexts(),
      nowSec: () => this.nowSec(),
      dispatch: (tx, chain, options) => this.dispatch(tx, chain, options),
    });

    const monitored = this.operator.monitored;
    if (fresh) {
      for (const group of INITIAL_WALLETS)
        for (const a of group.address) monitored.add(group.chain_type, a);
    } else {
      monitored.import(Array.isArray(saved.monitored) ? saved.monitored : []);
    }
    const history = record(this.historyFile.load());
    if (!fresh && history.genesis === this.genesis) {
      this.explorer.codec.importTable(Array.isArray(history.series) ? history.series : []);
      this.explorer.ledger.import(history, parseStored);
    }
    for (const e of monitored.list()) {
      // monitored addresses' hashes must stay derivable whatever the LRU does with queried ones
      for (const chain of this.explorer.chainsOf(e.chain_type))
        this.explorer.addressSeries(chain, e.address);
    }
    if (!fresh) {
      this.operator.webhook.import(saved.webhook);
      this.operator.hub.import(Array.isArray(saved.pending) ? saved.pending : []);
    }
    this.saveState();
    this.saveHistory();
  }

  nowSec(): number {
    return Math.floor(this.config.now() / 1000);
  }

  /**
   * The application a key named ('' the operator's). A sandbox that does not exist is made for a
   * change or a socket (`create`) when there is room (null: the demo is full); a read of one is a read
   * of the shared demo, the operator's application, which no visitor can change.
   */
  context(id: string, create: boolean): AppContext | null {
    if (id === '' || !this.tenants) return this.operator;
    const ctx = create ? this.tenants.getOrCreate(id) : this.tenants.get(id);
    if (!ctx) return create ? null : this.operator;
    const now = this.config.now();
    ctx.lastUsed = now;
    if (create) ctx.lastWrite = now;
    return ctx;
  }

  allContexts(): AppContext[] {
    return [this.operator, ...(this.tenants?.all() ?? [])];
  }

  /** Who takes turns in production: the operator, and every sandbox a client is connected to. */
  private activeContexts(): AppContext[] {
    return [this.operator, ...(this.tenants?.all() ?? []).filter((c) => c.hub.clientCount > 0)];
  }

  private newSandbox(id: string, budget: ByteBudget): AppContext {
    const ctx = new AppContext({
      id,
      app: defaultApp(`${this.config.apiKey}:sandbox:${id}`, this.config.now()),
      explorer: this.explorer,
      now: () => this.config.now(),
      webhookBaseMs: this.config.webhookRetryBaseMs,
      maxAddresses: this.config.sandboxes?.maxAddresses ?? 50,
      send: (url, sign, body) => this.send(id, url, sign, body),
      changed: () => undefined,
      replayBytes: {
        max: this.config.sandboxes?.maxBytes ?? DEFAULT_SANDBOX_BYTES,
        budget,
      },
    });
    // A new visitor starts from the demo's list as the operator's application has it.
    for (const e of this.operator.monitored.list()) ctx.monitored.add(e.chain_type, e.address);
    return ctx;
  }

  private async send(sandbox: string, url: string, sign: string, body: string): Promise<Outcome> {
    const own = this.config.ownReceiver?.(url, { sandbox, sign, body });
    if (own) {
      const { status } = await own;
      return status >= 200 && status < 300
        ? { ok: true }
        : { ok: false, reason: `HTTP ${status} from the webhook_url` };
    }
    return postJson(url, { 'content-type': 'application/json', Sign: sign }, body, {
      allowPrivate: this.config.webhookAllowPrivate === true,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
    });
  }

  /**
   * A produced transaction goes to every application whose list it matches (the chain is shared);
   * a replay (`force`) only to the application that replayed it (`target`).
   */
  dispatch(tx: StoredTx, chain: TxChain, options: DispatchOptions, target?: AppContext): void {
    const keys = participantKeys(chain, tx);
    const contexts = options.force ? [target ?? this.operator] : this.allContexts();
    for (const ctx of contexts) {
      const matches = ctx.monitored.matches(chain, keys);
      ctx.hub.push(tx, chain, options.force ? options.force.listen : matches, {
        reorg: options.reorg,
        force: options.force !== undefined,
      });
      if ((matches.length > 0 || options.force) && ctx.app.is_active) ctx.webhook.enqueue(tx);
    }
    this.saveHistory();
  }

  saveState(): void {
    this.stateFile.schedule(() => ({
      version: STATE_VERSION,
      genesis: this.genesis,
      app: this.operator.app,
      monitored: this.operator.monitored.export(),
      webhook: this.operator.webhook.export(),
      pending: this.operator.hub.export(),
    }));
  }

  saveHistory(): void {
    this.historyFile.schedule(() => ({
      genesis: this.genesis,
      series: this.explorer.codec.exportTable(),
      ...this.explorer.ledger.export(),
    }));
  }

  async flush(): Promise<void> {
    if (this.explorer.codec.version > 0) this.saveHistory();
    await Promise.all([this.stateFile.flush(), this.historyFile.flush()]);
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function parseStored(raw: unknown): StoredTx | null {
  const parsed = TransactionDetail.safeParse(raw);
  if (!parsed.success || parsed.data.id === undefined) return null;
  return { ...parsed.data, id: parsed.data.id };
}
