/**
 * The tx service's state and its persistence. Two files in config.stateDir: `tx-state.json` (app
 * config with the secret, monitored list, webhook queue, unACKed pushes; small, written 200 ms after a
 * change) and `tx-history.json` (produced and replayed transactions, the hash table; larger, written at
 * most every 2 s). Both are flushed on stop.
 */
import { TransactionDetail } from '../../upstream/tx/schema';
import type { SimConfig } from '../core/types';
import type { Market } from '../market';
import { INITIAL_WALLETS } from '../catalogue';
import { defaultApp, restoreApp, type AppState } from './app-config';
import { Monitored } from './addresses';
import type { TxChain } from './chains';
import { Explorer } from './explorer';
import { participantKeys, type StoredTx } from './ledger';
import { Producer } from './producer';
import { JsonFile } from './store';
import { Webhook } from './webhook';
import { WsHub } from './ws';

const STATE_VERSION = 1;

export interface DispatchOptions {
  reorg: boolean;
  /** replay: push to every client with this listenAddress, and call the webhook whatever matched */
  force?: { listen: string[] };
}

export class TxRuntime {
  readonly app: AppState;
  readonly monitored = new Monitored();
  readonly explorer: Explorer;
  readonly webhook: Webhook;
  readonly hub: WsHub;
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
    this.app = fresh
      ? defaultApp(config.apiKey, nowMs)
      : restoreApp(saved.app, defaultApp(config.apiKey, nowMs));
    this.explorer = new Explorer({ seed: config.seed, market }, this.genesis, () => this.nowSec());
    this.webhook = new Webhook({
      app: this.app,
      now: () => config.now(),
      baseMs: config.webhookRetryBaseMs,
      resolve: (chain, hash) => this.findByName(chain, hash),
      changed: () => this.saveState(),
    });
    this.hub = new WsHub({
      app: this.app,
      now: () => config.now(),
      explorer: this.explorer,
      monitored: this.monitored,
      changed: () => this.saveState(),
    });
    this.producer = new Producer({
      seed: config.seed,
      explorer: this.explorer,
      monitored: this.monitored,
      hub: this.hub,
      nowSec: () => this.nowSec(),
      dispatch: (tx, chain, options) => this.dispatch(tx, chain, options),
    });

    if (fresh) {
      for (const group of INITIAL_WALLETS)
        for (const a of group.address) this.monitored.add(group.chain_type, a);
    } else {
      this.monitored.import(Array.isArray(saved.monitored) ? saved.monitored : []);
    }
    const history = record(this.historyFile.load());
    if (!fresh && history.genesis === this.genesis) {
      this.explorer.codec.importTable(Array.isArray(history.series) ? history.series : []);
      this.explorer.ledger.import(history, parseStored);
    }
    for (const e of this.monitored.list()) {
      // monitored addresses' hashes must stay derivable whatever the LRU does with queried ones
      for (const chain of this.explorer.chainsOf(e.chain_type))
        this.explorer.addressSeries(chain, e.address);
    }
    if (!fresh) {
      this.webhook.import(saved.webhook);
      this.hub.import(Array.isArray(saved.pending) ? saved.pending : []);
    }
    this.saveState();
    this.saveHistory();
  }

  nowSec(): number {
    return Math.floor(this.config.now() / 1000);
  }

  /** A matched (or replayed) transaction goes to the WebSocket clients and the webhook queue. */
  dispatch(tx: StoredTx, chain: TxChain, options: DispatchOptions): void {
    const matches = this.monitored.matches(chain, participantKeys(chain, tx));
    this.hub.push(tx, chain, options.force ? options.force.listen : matches, {
      reorg: options.reorg,
      force: options.force !== undefined,
    });
    if ((matches.length > 0 || options.force) && this.app.is_active) this.webhook.enqueue(tx);
    this.saveHistory();
  }

  findByName(chainName: string, hash: string): TransactionDetail | null {
    const chain = this.explorer.chainsOf(chainName)[0];
    return chain ? this.explorer.find(chain, hash) : null;
  }

  saveState(): void {
    this.stateFile.schedule(() => ({
      version: STATE_VERSION,
      genesis: this.genesis,
      app: this.app,
      monitored: this.monitored.export(),
      webhook: this.webhook.export(),
      pending: this.hub.export(),
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
