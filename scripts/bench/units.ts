/**
 * `npm run bench:units`: the speed figures that used to sit in unit tests as thresholds (timing
 * belongs in benchmarks, where a busy machine changes a number, not a verdict). In process, no
 * server: the built-in simulator's handlers and the feed model, warm, several runs each.
 *   - the live feed model: an hour of pushes (3,600 rows into the 2,000-row bound)
 *   - price `quotes/latest` with 1,000 ids
 *   - kline `kline/ohlcv` with 1,000 candles, per interval
 *   - kline WebSocket: live pushes per second per subscribed interval
 */
import { createSimulator } from '../../lib/sim';
import { listen } from '../../lib/sim/node-server';
import { emptyFeed, ingest, toRow } from '../../lib/features/wallets/feed';
import type { TransferRecord } from '../../lib/contracts/tx/schema';
import { KLINE_INTERVALS } from '../../lib/contracts/kline/endpoints';
import { transaction } from '../../tests/support/transactions';
import { quantile, round } from './servers';
import WebSocket from 'ws';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEY = 'bench-units-key';
const sim = createSimulator({ apiKey: KEY, stateDir: null, logLevel: 'silent' });

async function time(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function runs(fn: () => unknown): Promise<string> {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await time(fn));
  return `median ${round(quantile(ms, 0.5), 1)} ms, max ${round(Math.max(...ms), 1)} ms`;
}

function tx(n: number): TransferRecord {
  return transaction({
    id: 1_795_000_000_000_000 + n,
    tx_time: 1_795_000_000 + n,
    tx_hash: `0x${n.toString(16).padStart(64, '0')}`,
    tx_fee: '21000000000000',
  });
}

async function main() {
  let n = 0;
  const feed = await runs(() => {
    let s = emptyFeed();
    for (let i = 0; i < 3600; i++) s = ingest(s, [toRow(tx(n++), [], 0)]);
  });
  console.log(`feed model, 3,600 pushes into 2,000 rows: ${feed}`);

  const tokens = (await (
    await sim.handle(
      new Request('http://sim/price/api/v1/tokens?page=1&limit=1000', {
        headers: { 'x-api-key': KEY },
      }),
    )
  ).json()) as { data: { items: { id: number }[] } };
  const ids = tokens.data.items.map((t) => t.id).join(',');
  const quotes = await runs(async () =>
    (
      await sim.handle(
        new Request(`http://sim/price/api/v1/quotes/latest?ids=${ids}`, {
          headers: { 'x-api-key': KEY },
        }),
      )
    ).text(),
  );
  console.log(`price quotes/latest, 1,000 ids: ${quotes}`);

  const now = Math.floor(Date.now() / 1000);
  for (const interval of KLINE_INTERVALS) {
    const url = `http://sim/kline/api/v1/kline/ohlcv?interval=${interval}&from=0&to=${now}&limit=1000&chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`;
    const r = await runs(async () =>
      (await sim.handle(new Request(url, { headers: { 'x-api-key': KEY } }))).text(),
    );
    console.log(`kline ohlcv ${interval.padEnd(3)} 1,000 candles: ${r}`);
  }

  const running = await listen(sim, 0, '127.0.0.1');
  const ws = new WebSocket(`${running.url.replace('http', 'ws')}/kline/api/v1/kline/ws`, {
    headers: { 'x-api-key': KEY },
  });
  await new Promise((resolve) => ws.once('open', resolve));
  const counts = new Map<string, number>();
  let counting = false;
  ws.on('message', (raw: Buffer) => {
    const m = JSON.parse(raw.toString('utf8')) as {
      type?: string;
      msg?: string;
      data?: { interval?: string };
    };
    if (counting && m.type === 'ohlcv' && m.msg === 'ok' && m.data?.interval)
      counts.set(m.data.interval, (counts.get(m.data.interval) ?? 0) + 1);
  });
  ws.send(
    JSON.stringify({
      id: 's',
      type: 'subscribe',
      data: {
        chain_type: 'evm',
        chain_id: 1,
        pool_address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640',
        intervals: ['1m', '1h'],
      },
    }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  counting = true;
  const seconds = 10;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const [interval, c] of counts)
    console.log(`kline WebSocket live pushes, ${interval}: ${round(c / seconds, 2)} per second`);
  ws.close();
  await running.close();
  process.exit(0);
}

void main();
