/**
 * The live feed as data: a bounded, newest-first list of transactions with the seed's deduplication
 * (lib/contracts/tx/identity.ts), and a pause buffer. Pure functions over a plain state object, so the store
 * stays thin and the rules are unit-tested.
 *
 * Newest first means by the transaction's time, not by arrival: pushes of several chains, the
 * resend window after a reconnect and the refill after an outage all arrive out of time order, and
 * a list of 19:41 above 19:43 cannot be read. A transaction with no time sorts by its arrival.
 */
import type { LiveTransaction } from '../../contracts/stream/events';
import { txIdentity } from '../../contracts/tx/identity';
import { counterpartyOf, directionOf, matchedWallet, type Direction } from './direction';
import { txChain } from './chains';

/** A transaction of the feed: what the stream relays (checked on the server) or history returns. */
export type FeedTx = LiveTransaction;

export interface FeedRow {
  key: string;
  tx: FeedTx;
  receivedAt: number;
  wallet: string | null;
  direction: Direction | null;
  counterparty: string | null;
}

export interface FeedState {
  rows: FeedRow[];
  /** arrivals while paused, newest first */
  pending: FeedRow[];
  paused: boolean;
  /** identities already shown or pending (bounded, oldest forgotten first) */
  seen: Set<string>;
  /** transactions received since the page opened, duplicates excluded */
  received: number;
  /** duplicates dropped */
  duplicates: number;
}

const FEED_LIMIT = 2_000;
const SEEN_LIMIT = 20_000;

export function emptyFeed(): FeedState {
  return { rows: [], pending: [], paused: false, seen: new Set(), received: 0, duplicates: 0 };
}

export function toRow(tx: FeedTx, known: readonly string[], now: number): FeedRow {
  const wallet = matchedWallet(tx, known);
  const direction = directionOf(tx, wallet);
  return {
    key: txIdentity(tx),
    tx,
    receivedAt: now,
    wallet,
    direction,
    counterparty: counterpartyOf(tx, wallet, direction),
  };
}

function remember(seen: Set<string>, key: string): void {
  seen.add(key);
  if (seen.size > SEEN_LIMIT) {
    const oldest = seen.values().next().value;
    if (oldest !== undefined) seen.delete(oldest);
  }
}

/** Adds new rows (given oldest first); duplicates are dropped. Returns the same state if nothing changed. */
export function ingest(
  state: FeedState,
  incoming: readonly FeedRow[],
  limit = FEED_LIMIT,
): FeedState {
  const fresh: FeedRow[] = [];
  let duplicates = 0;
  for (const row of incoming) {
    if (state.seen.has(row.key)) {
      duplicates++;
      continue;
    }
    remember(state.seen, row.key);
    fresh.push(row);
  }
  if (fresh.length === 0)
    return duplicates ? { ...state, duplicates: state.duplicates + duplicates } : state;
  // Given oldest first: reversed, a later arrival of the same second comes first.
  const newestFirst = fresh.reverse().sort(newerFirst);
  const base = {
    ...state,
    received: state.received + fresh.length,
    duplicates: state.duplicates + duplicates,
  };
  if (state.paused)
    return { ...base, pending: mergeNewestFirst(newestFirst, state.pending, limit) };
  return { ...base, rows: mergeNewestFirst(newestFirst, state.rows, limit) };
}

/** When a row happened (Unix seconds): the transaction's time, else when it arrived. */
export function rowTime(row: Pick<FeedRow, 'tx' | 'receivedAt'>): number {
  return typeof row.tx.tx_time === 'number' ? row.tx.tx_time : row.receivedAt / 1000;
}

/** Newer transaction first; on one second, the later arrival first (Array.sort is stable). */
function newerFirst(a: FeedRow, b: FeedRow): number {
  return rowTime(b) - rowTime(a) || b.receivedAt - a.receivedAt;
}

/**
 * Two newest-first lists as one, at most `limit` long: a merge, not a sort, so a batch costs its own
 * length plus the rows above the last of it. On a tie the first list's row (the newer arrival) leads.
 */
function mergeNewestFirst(
  incoming: readonly FeedRow[],
  held: readonly FeedRow[],
  limit: number,
): FeedRow[] {
  const lastIn = incoming[incoming.length - 1];
  const firstHeld = held[0];
  // The usual case, a live push newer than everything held: no merge needed.
  if (!lastIn || !firstHeld || rowTime(lastIn) >= rowTime(firstHeld))
    return [...incoming, ...held].slice(0, limit);
  const out: FeedRow[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < incoming.length || j < held.length)) {
    const a = incoming[i];
    const b = held[j];
    if (a && (!b || rowTime(a) >= rowTime(b))) {
      out.push(a);
      i++;
    } else if (b) {
      out.push(b);
      j++;
    }
  }
  return out;
}

export function setPaused(state: FeedState, paused: boolean, limit = FEED_LIMIT): FeedState {
  if (paused === state.paused) return state;
  if (paused) return { ...state, paused };
  return {
    ...state,
    paused,
    rows: mergeNewestFirst(state.pending, state.rows, limit),
    pending: [],
  };
}

export function clearFeed(state: FeedState): FeedState {
  return { ...state, rows: [], pending: [] };
}

export interface FeedFilter {
  wallet?: string | null;
  chain?: string | null;
  direction?: Direction | null;
  kind?: 'native' | 'token' | null;
}

/** `transfer_type` values seen: native, token, NativeCoin, Token. */
export function kindOf(tx: Pick<FeedTx, 'transfer_type' | 'token_transfers'>): 'native' | 'token' {
  const t = tx.transfer_type?.toLowerCase() ?? '';
  if (t.startsWith('native')) return 'native';
  if (t === 'token') return 'token';
  return tx.token_transfers.length > 0 ? 'token' : 'native';
}

export function matchesFilter(
  row: FeedRow,
  filter: FeedFilter,
  sameWallet: (a: string, b: string) => boolean,
): boolean {
  if (
    filter.chain &&
    (txChain(row.tx.chain_type, row.tx.chain_id)?.type ?? row.tx.chain_type) !== filter.chain
  )
    return false;
  if (filter.direction && row.direction !== filter.direction) return false;
  if (filter.kind && kindOf(row.tx) !== filter.kind) return false;
  if (filter.wallet) {
    const w = filter.wallet;
    const listed = row.wallet ? sameWallet(row.wallet, w) : false;
    if (!listed && !(row.tx.listenAddress ?? []).some((a) => sameWallet(a, w))) return false;
  }
  return true;
}
