/**
 * A pool price crossing the demo data will make, found ahead of time: the simulator's prices are a
 * pure function of its seed and the time, so a second simulator with the same seed and a clock set
 * ahead tells the coming seconds' and minutes' closes (checked first against the running one's
 * recent past). The server's watcher judges an alert from the price it heard when armed and then
 * on each closed 1-minute candle (lib/server/push/watcher.ts); the level returned is crossed by the
 * close of one coming minute and by nothing the watcher can judge before it.
 */
import { crossing } from '@/lib/core/crossing';
import { createSimulator } from '@/lib/sim';
import { chainById, POOLS as SIM_POOLS, poolPathKey } from '@/lib/sim/catalogue';

export const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

type Handle = (request: Request) => Promise<Response>;

/** A pool the simulator serves, as the app's alerts name it. */
export interface ForecastPool {
  chain_type: string;
  chain_id: number;
  pool_address: string;
  /** the pair as a notification names it: `WETH/USDC` */
  label: string;
}

/**
 * One pool per independent price path (pools quoted in a stablecoin share their base asset's path):
 * a path can hold its 1-minute closes flat for minutes (the bridge rides a parent candle's high or
 * low), and across four paths a crossing comes within about two minutes at any hour.
 */
const POOLS_AHEAD: readonly ForecastPool[] = [
  ...new Map(SIM_POOLS.map((pool) => [poolPathKey(pool), pool])).values(),
].map((pool) => {
  const chain = chainById(pool.chain)!;
  return {
    chain_type: chain.chain_type,
    chain_id: chain.chain_id,
    pool_address: pool.address,
    label: `${pool.base.symbol}/${pool.quote.symbol}`,
  };
});

async function closes(
  handle: Handle,
  key: string,
  pool: ForecastPool,
  interval: '1s' | '1m',
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const query = new URLSearchParams({
    chain_type: pool.chain_type,
    chain_id: String(pool.chain_id),
    pool_address: pool.pool_address,
    interval,
    from: String(from),
    to: String(to),
    limit: '1000',
  });
  const res = await handle(
    new Request(`http://sim.test/kline/api/v1/kline/ohlcv?${query}`, {
      headers: { 'X-API-Key': key },
    }),
  );
  const body = (await res.json()) as { data: { open_time: number; close: number }[] };
  return new Map(body.data.map((c) => [c.open_time, c.close]));
}

export interface Crossing {
  pool: ForecastPool;
  level: number;
  direction: 'above' | 'below';
  /** when the crossing candle closes (Unix seconds): the push is due soon after */
  closesAt: number;
  /** that candle's final close */
  close: number;
}

/**
 * The first candle whose close crosses `level` (rule: lib/core/crossing.ts) for a watcher that
 * heard `first` when armed and then judges each close in `later` (oldest first); null for none.
 */
function firstCrossing(
  first: number,
  later: readonly { openTime: number; close: number }[],
  level: number,
  direction: 'above' | 'below',
): number | null {
  let ref = first;
  for (const { openTime, close } of later) {
    if (crossing(ref, close, level, direction === 'above' ? 'up' : 'down')) return openTime;
    ref = close;
  }
  return null;
}

/**
 * A level whose first crossing falls on the same 1-minute close whenever the watcher is armed in
 * the window [now, now + settle + 5 s]: armed at second t, it hears about the 1-second close of t and
 * then judges the close of the candle holding t and of each one after it. Levels are tried half-way
 * between neighbouring prices (never nearer to one than 1e-7 of it), and the earliest crossing wins.
 * Pure, so it can be checked against the simulator for any moment (tests/unit/push/crossing-forecast.test.ts).
 */
export function plannedCrossing(
  seconds: ReadonlyMap<number, number>,
  minutes: ReadonlyMap<number, number>,
  now: number,
  settleSeconds: number,
): Omit<Crossing, 'pool'> | null {
  const candles = [...minutes]
    .map(([openTime, close]) => ({ openTime, close }))
    .sort((a, b) => a.openTime - b.openTime);
  const arming = [...seconds]
    .filter(([t]) => t >= now && t <= now + settleSeconds + 5)
    .map(([t, price]) => ({ price, later: candles.filter((c) => c.openTime + 60 > t) }));
  if (arming.length === 0 || candles.length === 0) return null;
  const prices = [...new Set([...arming.map((a) => a.price), ...candles.map((c) => c.close)])].sort(
    (a, b) => a - b,
  );
  let best: Omit<Crossing, 'pool'> | null = null;
  for (let i = 1; i < prices.length; i++) {
    const low = prices[i - 1]!;
    const high = prices[i]!;
    if (high - low <= high * 1e-7) continue;
    const level = (low + high) / 2;
    for (const direction of ['above', 'below'] as const) {
      const found = arming.map((a) => firstCrossing(a.price, a.later, level, direction));
      const openTime = found[0];
      if (openTime == null || found.some((f) => f !== openTime)) continue;
      if (best && openTime + 60 >= best.closesAt) continue;
      const close = candles.find((c) => c.openTime === openTime)!.close;
      best = { level, direction, closesAt: openTime + 60, close };
    }
  }
  return best;
}

/**
 * The earliest crossing among the simulator's pools for a watcher armed from `now` (Unix seconds)
 * within `settleSeconds`, read from `handle`, a simulator whose clock is past the coming minutes.
 */
export async function crossingAhead(
  handle: Handle,
  key: string,
  now: number,
  settleSeconds = 12,
): Promise<Crossing | null> {
  const minute = now - (now % 60);
  const found = await Promise.all(
    POOLS_AHEAD.map(async (pool) => {
      const seconds = await closes(handle, key, pool, '1s', now, now + settleSeconds + 5);
      const minutes = await closes(handle, key, pool, '1m', minute, minute + 6 * 60);
      const planned = plannedCrossing(seconds, minutes, now, settleSeconds);
      return planned && { pool, ...planned };
    }),
  );
  return found.filter((f) => f !== null).sort((a, b) => a.closesAt - b.closesAt)[0] ?? null;
}

/**
 * `running`: the simulator the app reads (its URL and key), to check the forecast against.
 * `settleSeconds`: how long after now the watcher may still be hearing its first price.
 */
export async function comingPoolCrossing(
  running: { url: string; key: string },
  settleSeconds = 12,
): Promise<Crossing> {
  const now = Math.floor(Date.now() / 1000);
  const ahead = createSimulator({
    now: () => (now + 900) * 1000,
    stateDir: null,
    logLevel: 'silent',
    apiKey: 'forecast-key',
  });
  const mine: Handle = (r) => ahead.handle(r);
  const theirs: Handle = (r) =>
    fetch(r.url.replace('http://sim.test', running.url), { headers: r.headers });
  const best = await crossingAhead(mine, 'forecast-key', now, settleSeconds);
  if (!best) throw new Error('no crossing found in the coming minutes');

  const past = await closes(theirs, running.key, best.pool, '1s', now - 12, now - 3);
  const forecastPast = await closes(mine, 'forecast-key', best.pool, '1s', now - 12, now - 3);
  if (past.size < 5) throw new Error('the running simulator does not answer 1s candles');
  for (const [t, c] of past)
    if (forecastPast.get(t) !== c) throw new Error(`forecast differs from the simulator at ${t}`);
  return best;
}
