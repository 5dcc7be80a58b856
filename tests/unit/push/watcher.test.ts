import { afterEach, describe, expect, it } from 'vitest';
import type { LoggedEvent } from '@/lib/server/stream/event-log';
import type { Session } from '@/lib/server/stream/source';
import type { Topic } from '@/lib/contracts/stream/topics';
import type { PushMessage } from '@/lib/server/push/message';
import {
  alertKey,
  type AlertState,
  type PushAlert,
  type SubscriptionRecord,
} from '@/lib/server/push/schema';
import type { CommitResult, Firing } from '@/lib/server/push/store';
import { walletMatches } from '@/lib/server/push/wallet-match';
import { PushWatcher, type SendOptions } from '@/lib/server/push/watcher';
import { transaction } from '../../support/transactions';

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const TOPIC = `ohlcv:evm:1:${POOL}:1m`;
const WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

const poolAlert = (price: number, direction: 'above' | 'below' | 'cross' = 'cross'): PushAlert => ({
  kind: 'pool-price',
  chain_type: 'evm',
  chain_id: 1,
  pool_address: POOL,
  direction,
  price,
  label: 'WETH/USDC',
});

const record = (alerts: PushAlert[], id = 'a'.repeat(43), scope: string | null = null) =>
  ({
    id,
    endpoint: 'https://push.example/x',
    keys: KEYS,
    alerts,
    scope,
    createdAt: 1,
    updatedAt: 1,
  }) satisfies SubscriptionRecord;

/** A store in memory: states, dedupe ids (kept across "restarts" when shared). */
class MemoryStore {
  states = new Map<string, Map<string, AlertState>>();
  fired = new Set<string>();
  commits = 0;
  async commit(id: string, updates: ReadonlyMap<string, AlertState>, firing?: Firing) {
    this.commits++;
    if (firing) {
      if (this.fired.has(firing.dedupeId)) return 'duplicate' as CommitResult;
      this.fired.add(firing.dedupeId);
    }
    const map = this.states.get(id) ?? new Map<string, AlertState>();
    for (const [k, v] of updates) map.set(k, { ...v });
    this.states.set(id, map);
    return 'ok' as CommitResult;
  }
}

/** A stream source that records attached topics and lets the test push events into them. */
class FakeSource {
  sessions = new Map<string, Set<Session>>();
  attach(topics: readonly Topic[], session: Session) {
    for (const t of topics) {
      const set = this.sessions.get(t.key) ?? new Set<Session>();
      set.add(session);
      this.sessions.set(t.key, set);
    }
    return () => {
      for (const t of topics) this.sessions.get(t.key)?.delete(session);
    };
  }
  emit(topic: string, event: LoggedEvent['event'], data: unknown) {
    for (const s of this.sessions.get(topic) ?? [])
      void s.write({ seq: 0, id: '', event, data: JSON.stringify(data) });
  }
  candle(openTime: number, close: number) {
    this.emit(TOPIC, 'ohlcv', {
      chain_type: 'evm',
      chain_id: 1,
      pool_address: POOL,
      token: 'base',
      interval: '1m',
      open_time: openTime,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
  }
  followed(topic: string) {
    return this.sessions.get(topic)?.size ?? 0;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const watchers: PushWatcher[] = [];
afterEach(() => {
  for (const w of watchers.splice(0)) w.stop();
});

function setup(
  records: SubscriptionRecord[],
  store = new MemoryStore(),
  quotes: (ids: readonly number[], fiat: string) => Map<number, number> = () => new Map(),
) {
  const source = new FakeSource();
  const sent: { record: SubscriptionRecord; message: PushMessage; options: SendOptions }[] = [];
  const watcher = new PushWatcher({
    source,
    quotes: async (ids, fiat) =>
      new Map([...quotes(ids, fiat)].map(([id, price]) => [id, { price, symbol: 'ETH' }])),
    commit: (id, states, firing) => store.commit(id, states, firing),
    send: (record, message, options) => sent.push({ record, message, options }),
    now: () => 1_700_000_000_000,
    pollMs: 5,
    newGen: () => 'gen1',
  });
  watchers.push(watcher);
  watcher.start({ records, states: store.states, version: 0 });
  return { source, sent, watcher, store };
}

describe('pool-price alerts on 1-minute candle closes', () => {
  it('follows the pool once on its 1m topic however many alerts, and fires only when a candle closes across the level', async () => {
    const { source, sent } = setup([record([poolAlert(100, 'above'), poolAlert(105, 'above')])]);
    expect(source.followed(TOPIC)).toBe(1);
    source.candle(60, 99); // heard when armed: the reference
    source.candle(60, 101); // the live price crosses inside the minute: not judged yet
    await flush();
    expect(sent).toHaveLength(0);
    source.candle(120, 101.5); // the 60 candle closed at 101: judged now
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message.title).toBe('WETH/USDC crossed 100.00 ↑');
    expect(sent[0]!.message.body).toContain('closed at 101.00');
    expect(sent[0]!.message.url).toBe(`/pools/evm/1/${POOL}?interval=1m`);
    expect(sent[0]!.options).toEqual({
      topic: alertKey(poolAlert(100, 'above')),
      urgency: 'high',
      ttl: 3600,
    });
  });

  it('judges a close against the price when armed, not against closes from before', async () => {
    const { source, sent } = setup([record([poolAlert(100, 'below')])]);
    source.candle(60, 98); // armed while already below: no crossing from here
    source.candle(120, 97);
    source.candle(180, 96);
    await flush();
    expect(sent).toHaveLength(0);
  });

  it('disarms a one-shot alert once fired; a cross alert fires again only after the price left the level', async () => {
    const oneShot = poolAlert(100, 'above');
    const cross = poolAlert(100, 'cross');
    const { source, sent, store } = setup([record([oneShot, cross])]);
    source.candle(60, 99);
    source.candle(120, 100); // 60 closes at 99 (no move), reference stays 99
    source.candle(180, 100); // 120 closed exactly on the level: both fire (touching counts)
    await flush();
    expect(sent.map((s) => s.options.topic).sort()).toEqual(
      [alertKey(oneShot), alertKey(cross)].sort(),
    );
    const states = store.states.get('a'.repeat(43))!;
    expect(states.get(alertKey(oneShot))).toMatchObject({
      armed: false,
      fires: 1,
      firedPrice: 100,
    });
    expect(states.get(alertKey(cross))).toMatchObject({ armed: true, fires: 1 });
    // Staying on the level is no new crossing; leaving it and coming back is.
    source.candle(240, 101); // 180 closed at 100: sat on the level
    source.candle(300, 99); // 240 closed at 101: left upwards (from the level: no crossing)
    await flush();
    expect(sent).toHaveLength(2);
    source.candle(360, 99); // 300 closed at 99: down through the level
    await flush();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.message.title).toBe('WETH/USDC crossed 100.00 ↓');
    expect(sent[2]!.options.topic).toBe(alertKey(cross));
  });

  it('ignores a candle older than the one in progress, and a close of null', async () => {
    const { source, sent } = setup([record([poolAlert(100, 'above')])]);
    source.candle(120, 99);
    source.candle(60, 150); // a late re-send of history
    source.emit(TOPIC, 'ohlcv', { open_time: 120, close: null });
    source.emit(TOPIC, 'status', { service: 'kline', state: 'connected', detail: null });
    source.candle(180, 99);
    await flush();
    expect(sent).toHaveLength(0);
  });

  it('writes the reference only when armed and when it changes side of the level', async () => {
    const { source, store } = setup([record([poolAlert(100, 'above')])]);
    source.candle(60, 90);
    await flush();
    expect(store.commits).toBe(1); // the reference heard when armed
    source.candle(120, 91);
    source.candle(180, 92);
    source.candle(240, 93);
    await flush();
    expect(store.commits).toBe(1); // closes on the same side: nothing to write
  });

  it('after a restart from the stored states, fires what crossed meanwhile and nothing twice', async () => {
    const oneShot = poolAlert(100, 'above');
    const store = new MemoryStore();
    const first = setup([record([oneShot])], store);
    first.source.candle(60, 99);
    await flush();
    first.watcher.stop();
    // The process restarts: a new watcher with what the store kept.
    const second = setup([record([oneShot])], store);
    second.source.candle(600, 99.5);
    second.source.candle(660, 101); // 600 closed at 99.5
    second.source.candle(720, 101); // 660 closed at 101: crossed
    await flush();
    expect(second.sent).toHaveLength(1);
    second.watcher.stop();
    const third = setup([record([oneShot])], store);
    third.source.candle(780, 98);
    third.source.candle(840, 102);
    third.source.candle(900, 102);
    await flush();
    expect(third.sent).toHaveLength(0); // disarmed for good
  });

  it('two watchers judging the same close (a failover) send the firing once', async () => {
    const store = new MemoryStore();
    const alert = poolAlert(100, 'above');
    const a = setup([record([alert])], store);
    const b = setup([record([alert])], store);
    for (const w of [a, b]) w.source.candle(60, 99);
    await flush();
    for (const w of [a, b]) {
      w.source.candle(60, 101);
      w.source.candle(120, 101);
    }
    await flush();
    expect(a.sent.length + b.sent.length).toBe(1);
  });

  it('stops following a pool whose alerts are gone', () => {
    const rec = record([poolAlert(100)]);
    const { source, watcher } = setup([rec]);
    expect(source.followed(TOPIC)).toBe(1);
    watcher.apply({ changed: [], removed: [rec.id], version: 2 });
    expect(source.followed(TOPIC)).toBe(0);
    expect(watcher.followedPools).toBe(0);
  });
});

describe('token-price alerts on the quotes', () => {
  it('polls one sorted quotes call per fiat and fires on a crossing', async () => {
    let price = 3000;
    const calls: string[] = [];
    const alert: PushAlert = {
      kind: 'token-price',
      token_id: 1027,
      fiat: 'USD',
      direction: 'above',
      price: 3100,
    };
    const other: PushAlert = { ...alert, token_id: 1, price: 1e6 };
    const { sent } = setup([record([alert, other])], new MemoryStore(), (ids, fiat) => {
      calls.push(`${fiat}:${ids.join(',')}`);
      return new Map([
        [1027, price],
        [1, 60_000],
      ]);
    });
    await expect.poll(() => calls.length).toBeGreaterThan(1);
    price = 3150;
    await expect.poll(() => sent.length).toBe(1);
    expect(calls[0]).toBe('USD:1,1027');
    expect(sent[0]!.message).toMatchObject({
      title: 'ETH crossed 3,100.00 USD ↑',
      body: 'Price rose to 3,150.00 USD.',
      url: '/tokens/1027',
    });
  });
});

describe('wallet alerts on the monitored feed', () => {
  const tx = (over: Record<string, unknown> = {}) => ({
    ...transaction({
      tx_hash: '0xabc0000000000000000000000000000000000000000000000000000000000001',
      sender: '0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
      receiver: '0x0000000000000000000000000000000000000001',
      amount: '1250000000000000000',
    }),
    listenAddress: ['0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ...over,
  });
  const walletAlert: PushAlert = { kind: 'wallet', address: WALLET, label: 'Vitalik' };

  it('follows the tx feed of the scope and pushes each transaction of the wallet once', async () => {
    const { source, sent } = setup([
      record([walletAlert]),
      record([walletAlert], 'b'.repeat(43), 'sandbox1'),
    ]);
    expect(source.followed('tx')).toBe(1);
    expect(source.followed('tx@sandbox1')).toBe(1);
    source.emit('tx', 'transaction', tx());
    source.emit('tx', 'transaction', tx()); // the same one again (a re-send)
    source.emit('tx', 'transaction', tx({ is_reorg_resend: true }));
    source.emit(
      'tx',
      'transaction',
      tx({ sender: '0x0000000000000000000000000000000000000002', listenAddress: [] }),
    );
    await flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.record.id).toBe('a'.repeat(43));
    expect(sent[0]!.message).toMatchObject({
      title: 'Vitalik sent 1.25 ETH',
      url: `/tx/ethereum/1/${tx().tx_hash}`,
    });
    expect(sent[0]!.options.urgency).toBe('normal');
  });

  it('matches the wallet on its chain when the alert names one', () => {
    const on = (chain: string) =>
      ({ ...walletAlert, chain_type: chain }) as Extract<PushAlert, { kind: 'wallet' }>;
    const t = tx() as unknown as Parameters<typeof walletMatches>[1];
    expect(walletMatches(on('ethereum'), t)).toBe(true);
    expect(walletMatches(on('evm'), t)).toBe(true);
    expect(walletMatches(on('bsc'), t)).toBe(false);
    expect(walletMatches(on('solana'), t)).toBe(false);
  });
});
