/**
 * The simulated chains as the service reads them: transfer lists of addresses (synthetic past, live
 * production, replayed writes, merged newest first) and lookup of any transaction by hash.
 */
import type { TransactionDetail } from '../../contracts/tx/schema';
import { addressKey } from '../../core/address/key';
import { chainByName, TX_CHAINS, type TxChain } from './chains';
import { Codec, type Series } from './codec';
import { recordMatches, transferDetail, type TransferFilter } from './generate';
import type { GenContext } from './gen-util';
import { History, mergePage, type Entry } from './history';
import { Ledger, type ProducedRef, type StoredTx } from './ledger';
import { PoolTrades } from './pools';

export interface Target {
  chain: TxChain;
  address: string;
}

export class Explorer {
  readonly codec: Codec;
  readonly ledger = new Ledger();
  readonly history: History;
  readonly pools: PoolTrades;
  private readonly ctx: GenContext;

  constructor(
    base: Omit<GenContext, 'codec'>,
    genesis: number,
    private readonly nowSec: () => number,
  ) {
    this.codec = new Codec(base.seed);
    this.ctx = { ...base, codec: this.codec };
    this.history = new History(this.ctx, genesis);
    this.pools = new PoolTrades(this.ctx);
  }

  /** The chains a chain_type names (`evm`: all EVM chains). */
  chainsOf(chainType: string): TxChain[] {
    return chainType === 'evm'
      ? TX_CHAINS.filter((c) => c.family === 'evm')
      : TX_CHAINS.filter((c) => c.name === chainType);
  }

  addressSeries(chain: TxChain, address: string): Series {
    return this.codec.series('address', chain, addressKey(chain.family, address), address.trim());
  }

  /** One page of the transfers of several chain/address targets, newest first, ids below `before`. */
  page(
    targets: readonly Target[],
    filter: TransferFilter,
    before: number,
    limit: number,
  ): TransactionDetail[] {
    const sources: Iterator<Entry>[] = [];
    const seen = new Set<string>();
    for (const target of targets) {
      const series = this.addressSeries(target.chain, target.address);
      const key = `${target.chain.name}|${series.key}`;
      if (seen.has(key)) continue;
      seen.add(key);
      sources.push(this.history.entries(series, before, filter));
      sources.push(
        this.ledger.producedEntries(series, before, (ref) => {
          const detail = transferDetail(this.ctx, series, ref.t, ref.j);
          return recordMatches(detail, filter) ? { id: ref.id, load: () => detail } : null;
        }),
      );
      sources.push(this.ledger.replayedEntries(target.chain, series.key, before, filter));
      // The demo wallet's trades in the catalogue pools of its chain (lib/sim/tx/pools.ts).
      if (this.pools.isDemoWallet(target.chain, target.address))
        sources.push(this.pools.demoEntries(target.chain, before, this.nowSec(), filter));
    }
    return mergePage(sources, limit);
  }

  /** Any transaction the service ever listed, pushed or stored; null when there is none. */
  find(chain: TxChain, hashText: string): TransactionDetail | null {
    const hash = this.codec.normalizeHash(chain, hashText);
    if (!hash) return null;
    const stored = this.ledger.findReplayed(chain, hash);
    if (stored) return { ...stored };
    const core = this.codec.coreOf(chain, hash);
    const parts = core ? this.codec.decode(core) : null;
    const series = parts ? this.codec.lookup(parts.fp) : undefined;
    if (!parts || !series || series.chain !== chain) return null;
    const now = this.nowSec();
    let tx: TransactionDetail | null = null;
    if (series.kind === 'pool') {
      tx = this.pools.tradeAt(series, parts.t, parts.j, now);
    } else {
      const exists =
        parts.j === 0
          ? this.history.has(series, parts.t)
          : parts.t >= this.history.genesis && parts.t <= now + 1;
      if (exists) tx = transferDetail(this.ctx, series, parts.t, parts.j);
    }
    return tx && tx.tx_hash === hash ? tx : null;
  }

  /** A new transfer of the series now: its own discriminator j, an id no other record holds. */
  produce(series: Series, t: number): StoredTx {
    let j = this.ledger.producedAt(series, t) + 1;
    while (j < 255 && this.ledger.hasId(this.codec.id(series, t, j))) j++;
    const id = this.codec.id(series, t, j);
    this.ledger.addProduced({
      chain: series.chain.name,
      key: series.key,
      address: series.address,
      t,
      j,
      id,
    });
    return { ...transferDetail(this.ctx, series, t, j), id };
  }

  /** A produced transfer again (reorg re-push). */
  producedDetail(ref: ProducedRef): StoredTx | null {
    const chain = chainByName(ref.chain);
    if (!chain) return null;
    const series = this.addressSeries(chain, ref.address);
    return { ...transferDetail(this.ctx, series, ref.t, ref.j), id: ref.id };
  }
}
