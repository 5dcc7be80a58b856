/**
 * What the push watcher (watcher.ts) must follow for the alerts it holds: one 1-minute candle topic
 * per pool (up to a cap), the tx feed of each subscription's scope, and the token quotes to poll,
 * grouped so that the same tokens make the same query (one cache entry shared with the browsers).
 */
import 'server-only';
import { scopedTopic, topicKey, type Topic } from '../../contracts/stream/topics';
import { alertKey, type AlertState, type SubscriptionRecord } from './schema';

const WATCH_INTERVAL = '1m';

/** An alert's reference inside the watcher: its subscription and its key. */
export const ref = (id: string, key: string) => `${id}|${key}`;
export const split = (r: string) => r.split('|') as [string, string];

export interface Want {
  topic: Topic;
  alerts: Set<string>;
}

export interface WatchPlan {
  pools: Map<string, Want>;
  feeds: Map<string, Want>;
  /** whether any alert needs the token quotes */
  tokens: boolean;
  /** alerts on pools beyond the cap, waiting for room */
  overflow: number;
}

export function planWatch(records: Iterable<SubscriptionRecord>, maxPools: number): WatchPlan {
  const plan: WatchPlan = { pools: new Map(), feeds: new Map(), tokens: false, overflow: 0 };
  for (const record of records) {
    for (const alert of record.alerts) {
      const r = ref(record.id, alertKey(alert));
      if (alert.kind === 'token-price') plan.tokens = true;
      else if (alert.kind === 'pool-price') {
        const key = topicKey.ohlcv(
          alert.chain_type,
          alert.chain_id,
          alert.pool_address,
          WATCH_INTERVAL,
        );
        let want = plan.pools.get(key);
        if (!want) {
          if (plan.pools.size >= maxPools) {
            plan.overflow++;
            continue;
          }
          want = {
            topic: {
              kind: 'ohlcv',
              key,
              chainType: alert.chain_type,
              chainId: alert.chain_id,
              pool: alert.pool_address,
              interval: WATCH_INTERVAL,
            },
            alerts: new Set(),
          };
          plan.pools.set(key, want);
        }
        want.alerts.add(r);
      } else {
        const topic = scopedTopic({ kind: 'tx', key: topicKey.tx }, record.scope);
        const want = plan.feeds.get(topic.key) ?? { topic, alerts: new Set<string>() };
        want.alerts.add(r);
        plan.feeds.set(topic.key, want);
      }
    }
  }
  return plan;
}

/** The quote calls of one poll: per fiat, the armed alerts' tokens, sorted, 100 a call. */
export function quoteCalls(
  records: Iterable<SubscriptionRecord>,
  states: ReadonlyMap<string, ReadonlyMap<string, AlertState>>,
): { fiat: string; ids: number[] }[] {
  const byFiat = new Map<string, Set<number>>();
  for (const record of records) {
    for (const alert of record.alerts) {
      if (alert.kind !== 'token-price') continue;
      const state = states.get(record.id)?.get(alertKey(alert));
      if (state && !state.armed) continue;
      const set = byFiat.get(alert.fiat) ?? new Set<number>();
      set.add(alert.token_id);
      byFiat.set(alert.fiat, set);
    }
  }
  const calls: { fiat: string; ids: number[] }[] = [];
  for (const [fiat, set] of byFiat) {
    // Sorted: the same tokens make the same query, one cache entry shared by every caller.
    const ids = [...set].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += 100) calls.push({ fiat, ids: ids.slice(i, i + 100) });
  }
  return calls;
}
