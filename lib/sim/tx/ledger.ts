/**
 * What happened after genesis: the transfers the live producer made (stored as small references, the
 * records themselves are re-derived) and the transactions written by ws/replay (stored whole). Both are
 * bounded; the oldest go first. Produced transfers stay findable by hash after eviction (the codec
 * re-derives them); they only leave the address's history list.
 */
import type { TransactionDetail } from '../../contracts/tx/schema';
import { addressKey } from '../../core/address/key';
import { chainByName, chainOfRecord, type TxChain } from './chains';
import type { Series } from './codec';
import { descending, type Entry } from './history';
import { recordMatches, type TransferFilter } from './generate';

const PRODUCED_LIMIT = 20_000;
const REPLAYED_LIMIT = 2_000;

export interface ProducedRef {
  chain: string;
  key: string;
  address: string;
  t: number;
  j: number;
  id: number;
}

export type StoredTx = TransactionDetail & { id: number };

function insertSorted<T extends { id: number }>(list: T[], item: T): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] as T).id > item.id) i--;
  list.splice(i, 0, item);
}

export class Ledger {
  private produced: ProducedRef[] = [];
  private readonly bySeries = new Map<string, ProducedRef[]>();
  private readonly producedIds = new Set<number>();
  private readonly replayed = new Map<string, StoredTx>();
  private readonly replayedBy = new Map<string, StoredTx[]>();

  addProduced(ref: ProducedRef): void {
    insertSorted(this.produced, ref);
    const key = `${ref.chain}|${ref.key}`;
    const list = this.bySeries.get(key) ?? [];
    insertSorted(list, ref);
    this.bySeries.set(key, list);
    this.producedIds.add(ref.id);
    while (this.produced.length > PRODUCED_LIMIT) {
      const old = this.produced.shift() as ProducedRef;
      this.producedIds.delete(old.id);
      const oldKey = `${old.chain}|${old.key}`;
      const rest = (this.bySeries.get(oldKey) ?? []).filter((r) => r !== old);
      if (rest.length > 0) this.bySeries.set(oldKey, rest);
      else this.bySeries.delete(oldKey);
    }
  }

  hasId(id: number): boolean {
    return this.producedIds.has(id) || [...this.replayed.values()].some((r) => r.id === id);
  }

  /** How many transfers were produced for the series in second `t` (the next j is this + 1). */
  producedAt(series: Series, t: number): number {
    return (this.bySeries.get(`${series.chain.name}|${series.key}`) ?? []).filter((r) => r.t === t)
      .length;
  }

  recentProduced(count: number): ProducedRef[] {
    return this.produced.slice(-count);
  }

  producedEntries(
    series: Series,
    before: number,
    load: (ref: ProducedRef) => Entry | null,
  ): Generator<Entry> {
    return descending(this.bySeries.get(`${series.chain.name}|${series.key}`) ?? [], before, load);
  }

  /** Replayed records in which the address takes part on the chain. */
  replayedEntries(
    chain: TxChain,
    key: string,
    before: number,
    filter: TransferFilter,
  ): Generator<Entry> {
    return descending(this.replayedBy.get(`${chain.name}|${key}`) ?? [], before, (tx) =>
      recordMatches(tx, filter) ? { id: tx.id, load: () => tx } : null,
    );
  }

  findReplayed(chain: TxChain, hash: string): StoredTx | undefined {
    return this.replayed.get(`${chain.name}|${hash}`);
  }

  /** Idempotent: the same chain and hash is written once; a later write replaces the record. */
  putReplayed(chain: TxChain, tx: StoredTx): void {
    const key = `${chain.name}|${tx.tx_hash}`;
    if (this.replayed.has(key)) this.dropReplayed(key);
    this.replayed.set(key, tx);
    for (const participant of participants(chain, tx)) {
      const list = this.replayedBy.get(participant) ?? [];
      insertSorted(list, tx);
      this.replayedBy.set(participant, list);
    }
    while (this.replayed.size > REPLAYED_LIMIT) {
      const oldest = this.replayed.keys().next().value as string;
      this.dropReplayed(oldest);
    }
  }

  private dropReplayed(key: string): void {
    const tx = this.replayed.get(key);
    if (!tx) return;
    this.replayed.delete(key);
    const chain = chainByName(key.split('|')[0] ?? '');
    if (!chain) return;
    for (const participant of participants(chain, tx)) {
      const rest = (this.replayedBy.get(participant) ?? []).filter((r) => r !== tx);
      if (rest.length > 0) this.replayedBy.set(participant, rest);
      else this.replayedBy.delete(participant);
    }
  }

  export(): { produced: (string | number)[][]; replayed: StoredTx[] } {
    return {
      produced: this.produced.map((r) => [r.chain, r.key, r.address, r.t, r.j, r.id]),
      replayed: [...this.replayed.values()],
    };
  }

  import(
    data: { produced?: unknown; replayed?: unknown },
    parse: (tx: unknown) => StoredTx | null,
  ): void {
    if (Array.isArray(data.produced)) {
      for (const row of data.produced) {
        if (!Array.isArray(row) || row.length !== 6) continue;
        const [chain, key, address, t, j, id] = row as unknown[];
        if (typeof chain !== 'string' || typeof key !== 'string' || typeof address !== 'string')
          continue;
        if (typeof t !== 'number' || typeof j !== 'number' || typeof id !== 'number') continue;
        if (!chainByName(chain)) continue;
        this.addProduced({ chain, key, address, t, j, id });
      }
    }
    if (Array.isArray(data.replayed)) {
      for (const raw of data.replayed) {
        const tx = parse(raw);
        const chain = tx ? chainOfRecord(tx.chain_type, tx.chain_id) : undefined;
        // State written before records used the seed's names (`base` is now `evm` + 8453).
        if (tx && chain) this.putReplayed(chain, { ...tx, chain_type: chain.wire });
      }
    }
  }
}

function participants(chain: TxChain, tx: TransactionDetail): Set<string> {
  return new Set([...participantKeys(chain, tx)].map((k) => `${chain.name}|${k}`));
}

/** Comparison keys of every address taking part in a transaction. */
export function participantKeys(chain: TxChain, tx: TransactionDetail): Set<string> {
  const out = new Set<string>();
  const add = (a: string | null) => {
    if (a) out.add(addressKey(chain.family, a));
  };
  add(tx.sender);
  add(tx.receiver);
  add(tx.fee_payer);
  for (const t of tx.token_transfers) {
    add(t.from_address);
    add(t.to_address);
  }
  for (const d of tx.from_details) add(d.address);
  for (const d of tx.to_details) add(d.address);
  return out;
}
