/**
 * `npm run bench:stream`: 1, 100 and 1,000 concurrent browser streams on one pool, over real HTTP to
 * a production server (`next start`) in front of the simulator on a real port. Reports the latency
 * from the simulator's push to the event arriving on the browser stream (p50, p99), the server's
 * memory per stream, and the upstream subscriptions made. A benchmark, not a test: figures, no
 * pass/fail.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createSimulator } from '../../lib/sim';
import { listen } from '../../lib/sim/node-server';
import type { Simulator } from '../../lib/sim/core/types';

const SIM_PORT = 4391;
const APP_PORT = 3391;
const INSPECT_PORT = 9391;
const KEY = 'bench-key-stream';
const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const TOPIC = `ohlcv:evm:1:${POOL}:1m`;
const SCENARIOS = (process.env.BENCH_STREAMS ?? '1,100,1000').split(',').map(Number);
const MEASURE_MS = 12_000;

const pushedAt = new Map<string, number>();
let subscribeFrames = 0;

/** The simulator, with a tap on what it pushes and what it is asked. */
function tapped(sim: Simulator): Simulator {
  return {
    ...sim,
    config: sim.config,
    handle: (r) => sim.handle(r),
    upgrade(path, headers) {
      const result = sim.upgrade(path, headers);
      if (!result.ok) return result;
      return {
        ok: true,
        open(peer) {
          const session = result.open({
            send(text) {
              if (text.includes('"type":"ohlcv"')) {
                // The hub relays the candle as JSON.stringify of the parsed frame's data: same text.
                const msg = JSON.parse(text) as { data: Record<string, unknown> };
                pushedAt.set(JSON.stringify(msg.data), performance.timeOrigin + performance.now());
              }
              peer.send(text);
            },
            close: (c, r) => peer.close(c, r),
          });
          return {
            message(data, isBinary) {
              if (data.includes('"subscribe"')) subscribeFrames++;
              session.message(data, isBinary);
            },
            closed: () => session.closed(),
          };
        },
      };
    },
  };
}

/** Full GC in the server, then its heap and external memory (bytes), through the inspector. */
async function serverHeapAfterGc(): Promise<number> {
  const list = (await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) return NaN;
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const myId = ++id;
      const onMessage = (raw: Buffer) => {
        const msg = JSON.parse(raw.toString()) as { id?: number; result?: Record<string, unknown> };
        if (msg.id === myId) {
          ws.off('message', onMessage);
          resolve(msg.result ?? {});
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: myId, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const result = await call('Runtime.evaluate', {
    expression: 'JSON.stringify(process.memoryUsage())',
    returnByValue: true,
  });
  ws.close();
  const usage = JSON.parse(String((result.result as { value: string }).value)) as {
    heapUsed: number;
    external: number;
    arrayBuffers: number;
  };
  return usage.heapUsed + usage.external;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface ClientProcess {
  send(message: unknown): void;
  next<T>(type: string): Promise<T>;
  close(): void;
}

/** Streams are read in child processes (two, one per core) so reading does not delay the pushes. */
function startClients(): ClientProcess {
  const child = fork('scripts/bench/stream-clients.ts', [], { execArgv: ['--import', 'tsx'] });
  const waiting = new Map<string, (value: unknown) => void>();
  child.on('message', (m: { type: string }) => {
    waiting.get(m.type)?.(m);
    waiting.delete(m.type);
  });
  return {
    send: (message) => child.send(message as never),
    next: <T>(type: string) =>
      new Promise<T>((resolve) => waiting.set(type, resolve as (v: unknown) => void)),
    close: () => child.send({ type: 'close' }),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const r = await fetch(url);
      if (r.status < 500 || r.status === 503) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    console.log('[bench] no production build: running next build');
    if (spawnSync('npx', ['next', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const sim = createSimulator({
    apiKey: KEY,
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 60_000,
  });
  const running = await listen(tapped(sim), SIM_PORT);
  // BENCH_PROFILE=dir writes a CPU profile of the server there (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  // The inspector lets the benchmark run a full GC in the server before reading its heap.
  const app: ChildProcess = spawn(
    'node',
    [
      ...profile,
      `--inspect=127.0.0.1:${INSPECT_PORT}`,
      'node_modules/next/dist/bin/next',
      'start',
      '-p',
      String(APP_PORT),
      '-H',
      '127.0.0.1',
    ],
    {
      env: {
        ...process.env,
        UPSTREAM_BASE_URL: running.url,
        UPSTREAM_API_KEY: KEY,
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const stopApp = () => {
    try {
      process.kill(-(app.pid as number), 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stopApp);
  await waitFor(`http://127.0.0.1:${APP_PORT}/api/health`, 60_000);
  const serverPid = Number(
    spawnSync('sh', [
      '-c',
      `ss -ltnp 'sport = :${APP_PORT}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`,
    ])
      .stdout.toString()
      .trim(),
  );

  // Warm-up: the first requests load the route's modules and JIT them; not what a stream costs.
  {
    const w = startClients();
    const ready = w.next('connected');
    w.send({ type: 'start', port: APP_PORT, topic: TOPIC, count: 20 });
    await ready;
    await new Promise((r) => setTimeout(r, 3000));
    w.close();
  }

  const rows: Record<string, unknown>[] = [];
  for (const n of SCENARIOS) {
    // Let the previous scenario's topic linger out so each one starts from zero subscriptions.
    await new Promise((r) => setTimeout(r, 7000));
    const baseline = serverPid ? rssKb(serverPid) : 0;
    const heapBaseline = await serverHeapAfterGc();
    const subscribesBefore = subscribeFrames;
    const workers = n >= 100 ? [startClients(), startClients()] : [startClients()];
    const share = (i: number) => Math.floor(n / workers.length) + (i < n % workers.length ? 1 : 0);
    await Promise.all(
      workers.map((w, i) => {
        const ready = w.next<{ connected: number }>('connected');
        w.send({ type: 'start', port: APP_PORT, topic: TOPIC, count: share(i) });
        return ready;
      }),
    );
    for (const w of workers) w.send({ type: 'measure' });
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const rss = serverPid ? rssKb(serverPid) : 0;
    const heap = await serverHeapAfterGc();
    const reports = await Promise.all(
      workers.map((w) => {
        const report = w.next<{ arrivals: [string, number][]; connected: number }>('arrivals');
        w.send({ type: 'report' });
        return report;
      }),
    );
    const latencies: number[] = [];
    for (const r of reports) {
      for (const [data, at] of r.arrivals) {
        const sent = pushedAt.get(data);
        if (sent !== undefined) latencies.push(at - sent);
      }
    }
    const sorted = latencies.sort((a, b) => a - b);
    const row = {
      streams: n,
      connected: reports.reduce((a, r) => a + r.connected, 0),
      events: sorted.length,
      p50_ms: Number(percentile(sorted, 50).toFixed(2)),
      p99_ms: Number(percentile(sorted, 99).toFixed(2)),
      max_ms: Number((sorted[sorted.length - 1] ?? NaN).toFixed(2)),
      heap_kb_per_stream: Number(((heap - heapBaseline) / 1024 / n).toFixed(1)),
      rss_kb_per_stream: Number(((rss - baseline) / n).toFixed(1)),
      upstream_subscriptions: subscribeFrames - subscribesBefore,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
    for (const w of workers) w.close();
  }

  console.log(
    '\n| streams | events | p50 latency | p99 latency | server heap per stream (after GC) | server RSS per stream | upstream subscriptions |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${String(r.streams)} | ${String(r.events)} | ${String(r.p50_ms)} ms | ${String(r.p99_ms)} ms | ${String(r.heap_kb_per_stream)} KB | ${String(r.rss_kb_per_stream)} KB | ${String(r.upstream_subscriptions)} |`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/stream.json',
    JSON.stringify(
      { date: new Date().toISOString(), cpus: (await import('node:os')).cpus().length, rows },
      null,
      2,
    ),
  );
  stopApp();
  await running.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
