/**
 * Live production: each step makes one new transfer for the next address of the rotation (the
 * monitored list, then the addresses connections subscribed), so every chain family of the list moves.
 * With demo sandboxes, the applications with a connected client take turns, one step each.
 * About one step in 25 also re-pushes a recent transfer as a reorg resend.
 */
import { pick, uniform } from '../core/rng';
import type { AppContext } from './app-context';
import { chainByName, TX_CHAINS, type TxChain } from './chains';
import type { Explorer } from './explorer';
import type { StoredTx } from './ledger';
import type { DispatchOptions } from './runtime';

const REORG_ODDS = 1 / 25;

export interface ProducerDeps {
  seed: string;
  explorer: Explorer;
  /** the applications taking turns: each step makes a transfer for the next one's next address */
  contexts(): AppContext[];
  nowSec(): number;
  dispatch(tx: StoredTx, chain: TxChain, options: DispatchOptions): void;
}

export class Producer {
  private steps = 0;
  private turn = 0;
  /** the demo wallet's pool trades are pushed up to this second (none from before the start) */
  private demoUntil: number;

  constructor(private readonly deps: ProducerDeps) {
    this.demoUntil = deps.nowSec();
  }

  step(): StoredTx | null {
    const { explorer, seed } = this.deps;
    // The demo wallet's pool trades since the last step, pushed as its other transactions are.
    const now = this.deps.nowSec();
    for (const { tx, chain } of explorer.pools.demoTradesBetween(this.demoUntil, now))
      this.deps.dispatch(tx as StoredTx, chain, { reorg: false });
    this.demoUntil = Math.max(this.demoUntil, now);
    const contexts = this.deps.contexts();
    const ctx = contexts[this.turn++ % contexts.length];
    const list = ctx?.targets() ?? [];
    if (!ctx || list.length === 0) return null;

    const n = this.steps++;
    const target = list[ctx.steps++ % list.length] as { chain_type: string; address: string };
    const chain =
      target.chain_type === 'evm'
        ? pick(
            TX_CHAINS.filter((c) => c.family === 'evm'),
            uniform(`${seed}|evm-pick|${n}`),
          )
        : chainByName(target.chain_type);
    if (!chain) return null;
    const tx = explorer.produce(explorer.addressSeries(chain, target.address), this.deps.nowSec());
    this.deps.dispatch(tx, chain, { reorg: false });

    if (n > 0 && uniform(`${seed}|reorg|${n}`) < REORG_ODDS) {
      const recent = explorer.ledger.recentProduced(20);
      const ref = recent[Math.floor(uniform(`${seed}|reorg-pick|${n}`) * recent.length)];
      const again = ref ? explorer.producedDetail(ref) : null;
      const againChain = ref ? chainByName(ref.chain) : undefined;
      if (again && againChain) this.deps.dispatch(again, againChain, { reorg: true });
    }
    return tx;
  }
}
