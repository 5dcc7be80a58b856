/**
 * A pool price crossing the demo data will make, found ahead of time: the simulator's prices are a
 * pure function of its seed and the time, so a second simulator with the same seed and a clock set
 * ahead tells the coming seconds' and minutes' closes (checked first against the running one's
 * recent past). The server's watcher judges an alert from the price it heard when armed and then
 * on each closed 1-minute candle (lib/server/push/watcher.ts); the level returned is crossed by the
 * close of one coming minute and by nothing the watcher can judge before it.
 */
import { createSimulator } from '@/lib/sim';

export const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

type Handle = (request: Request) => Promise<Response>;

async function closes(
  handle: Handle,
  key: string,
  interval: '1s' | '1m',
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const query = new URLSearchParams({
    chain_type: 'evm',
    chain_id: '1',
    pool_address: UNISWAP,
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
  level: number;
  direction: 'above' | 'below';
  /** when the crossing candle closes (Unix seconds): the push is due soon after */
  closesAt: number;
  /** that candle's final close */
  close: number;
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
  const past = await closes(theirs, running.key, '1s', now - 12, now - 3);
  const forecastPast = await closes(mine, 'forecast-key', '1s', now - 12, now - 3);
  if (past.size < 5) throw new Error('the running simulator does not answer 1s candles');
  for (const [t, c] of past)
    if (forecastPast.get(t) !== c) throw new Error(`forecast differs from the simulator at ${t}`);

  const minute = now - (now % 60);
  const seconds = await closes(mine, 'forecast-key', '1s', now, now + settleSeconds);
  const minutes = await closes(mine, 'forecast-key', '1m', minute, minute + 6 * 60);
  // Prices the watcher may judge from before the crossing: any it may hear first, then each close.
  const before = [...seconds.values()];
  for (let k = 0; k < 6; k++) {
    const open = minute + k * 60;
    const close = minutes.get(open);
    if (close === undefined) break;
    // The watcher must have heard this candle in progress and be armed before it closes.
    if (open + 60 > now + settleSeconds + 5) {
      const low = Math.min(...before);
      const high = Math.max(...before);
      if (close > high && close - high > high * 1e-7)
        return { level: (close + high) / 2, direction: 'above', closesAt: open + 60, close };
      if (close < low && low - close > low * 1e-7)
        return { level: (close + low) / 2, direction: 'below', closesAt: open + 60, close };
    }
    before.push(close);
  }
  throw new Error('no crossing found in the coming minutes');
}
