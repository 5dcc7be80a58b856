/**
 * `npm run bench:cluster`: 1, 2 and 3 `next start` instances sharing one `redis-server`, in front of
 * the simulator on a real port, with 1,000 browser streams per instance on one pool. Reports the
 * latency from the simulator's push to the event arriving on a browser stream (p50, p99), the upstream
 * kline sockets and subscriptions made, the Redis commands per relayed event, and (from 2 instances)
 * the failover time: from the lease holder's SIGKILL to the first event the new holder relays to a
 * stream on another instance. A benchmark, not a test: figures, no pass/fail.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import Redis from 'ioredis';
import { createSimulator } from '../../lib/sim';
import { listen } from '../../lib/sim/node-server';
import type { Simulator } from '../../lib/sim/core/types';
import { RedisServer } from '../../tests/support/redis';

const SIM_PORT = 4481;
const APP_PORTS = [3481, 3482, 3483];
const KEY = 'bench-key-cluster';
const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const TOPIC = `ohlcv:evm:1:${POOL}:1m`;
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2,3').split(',').map(Number);
const PER_INSTANCE = Number(process.env.BENCH_STREAMS_PER_INSTANCE ?? 1000);
const MEASURE_MS = 12_000;

const pushedAt = new Map<string, number>();
let subscribeFrames = 0;
let klineSocketsOpened = 0;

const now = () => performance.timeOrigin + performance.now();

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
          const kline = path.includes('/kline/');
          if (kline) klineSocketsOpened++;
          const session = result.open({
            send(text) {
              if (text.includes('"type":"ohlcv"')) {
                const msg = JSON.parse(text) as { data: Record<string, unknown> };
                pushedAt.set(JSON.stringify(msg.data), now());
              }
              peer.send(text);
            },
            close: (c, r) => peer.close(c, r),
          });
          return {
            message(data, isBinary) {
              if (kline && data.includes('"subscribe"')) subscribeFrames++;
              session.message(data, isBinary);
            },
            closed: () => session.closed(),
          };
        },
      };
    },
  };
}

interface ClientProcess {
  send(message: unknown): void;
  next<T>(type: string): Promise<T>;
  close(): void;
}

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

async function health(port: number): Promise<{ cluster?: { lease: string } } | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/health`);
    return (await r.json()) as { cluster?: { lease: string } };
  } catch {
    return null;
  }
}

function startInstance(port: number, redisUrl: string, simUrl: string, name: string): ChildProcess {
  return spawn(
    'node',
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        UPSTREAM_BASE_URL: simUrl,
        UPSTREAM_API_KEY: KEY,
        REDIS_URL: redisUrl,
        INSTANCE_NAME: name,
        LOG_LEVEL: 'warn',
        STREAM_OPENS_PER_MIN: '1000000',
        STREAM_MAX_PER_CLIENT: '10000',
        STREAM_MAX_TOPICS_PER_CLIENT: '100000',
      },
      stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
      detached: true,
    },
  );
}

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.pid as number), signal);
  } catch {
    // already gone
  }
}

async function commandsTotal(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
}

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    console.log('[bench] no production build: running npm run build');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const redisServer = new RedisServer();
  await redisServer.start();
  console.log(`[bench] redis-server on ${redisServer.port}`);
  const redis = new Redis(redisServer.url);
  const sim = createSimulator({
    apiKey: KEY,
    stateDir: null,
    logLevel: 'silent',
    txIntervalMs: 60_000,
  });
  const running = await listen(tapped(sim), SIM_PORT);
  const rows: Record<string, unknown>[] = [];

  for (const n of INSTANCES) {
    await redis.flushall();
    const ports = APP_PORTS.slice(0, n);
    console.log(`[bench] ${n} instance(s), ${PER_INSTANCE} streams each`);
    // Counted from the instances' start: the upstream work of the whole scenario.
    const subscribesBefore = subscribeFrames;
    const socketsBefore = klineSocketsOpened;
    const apps = ports.map((p, i) =>
      startInstance(p, redisServer.url, running.url, `bench-${i + 1}`),
    );
    const stopAll = () => apps.forEach((a) => kill(a, 'SIGKILL'));
    process.on('exit', stopAll);
    for (const p of ports) {
      const deadline = Date.now() + 90_000;
      while (!(await health(p))) {
        if (Date.now() > deadline) throw new Error(`instance on ${p} did not start`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    console.log('[bench] instances up; warming up');
    // Warm-up: the first requests load the route's modules and JIT them.
    const warm = ports.map(() => startClients());
    await Promise.all(
      warm.map((w, i) => {
        const ready = w.next('connected');
        w.send({ type: 'start', port: ports[i], topic: TOPIC, count: 20 });
        return ready;
      }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    for (const w of warm) w.close();
    await new Promise((r) => setTimeout(r, 7000));

    const workers = ports.map(() => startClients());
    await Promise.all(
      workers.map((w, i) => {
        const ready = w.next('connected');
        w.send({ type: 'start', port: ports[i], topic: TOPIC, count: PER_INSTANCE });
        return ready;
      }),
    );
    const commandsBefore = await commandsTotal(redis);
    const measureFrom = now();
    for (const w of workers) w.send({ type: 'measure' });
    await new Promise((r) => setTimeout(r, MEASURE_MS));
    const commands = (await commandsTotal(redis)) - commandsBefore;
    const pushedInWindow = [...pushedAt.values()].filter((t) => t >= measureFrom).length;
    const reports = await Promise.all(
      workers.map((w) => {
        const report = w.next<{ arrivals: [string, number][]; connected: number }>('arrivals');
        w.send({ type: 'report' });
        return report;
      }),
    );
    const latencies: number[] = [];
    for (const r of reports)
      for (const [data, at] of r.arrivals) {
        const sent = pushedAt.get(data);
        if (sent !== undefined) latencies.push(at - sent);
      }
    latencies.sort((a, b) => a - b);

    const beforeFailover = {
      sockets: klineSocketsOpened - socketsBefore,
      subscriptions: subscribeFrames - subscribesBefore,
    };
    // Failover: kill the holder; time to the first newly pushed candle on another instance's stream.
    let failoverMs: number | null = null;
    if (n >= 2) {
      let holder = -1;
      for (const [i, p] of ports.entries())
        if ((await health(p))?.cluster?.lease === 'held') holder = i;
      if (holder >= 0) {
        const survivor = workers[(holder + 1) % n]!;
        survivor.send({ type: 'measure' });
        const killedAt = now();
        kill(apps[holder]!, 'SIGKILL');
        const deadline = Date.now() + 30_000;
        while (failoverMs === null && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 250));
          const report = survivor.next<{ arrivals: [string, number][] }>('arrivals');
          survivor.send({ type: 'report' });
          const { arrivals } = await report;
          survivor.send({ type: 'measure' });
          const first = arrivals
            .filter(([data]) => (pushedAt.get(data) ?? 0) > killedAt + 50)
            .map(([, at]) => at)
            .sort((a, b) => a - b)[0];
          if (first !== undefined) failoverMs = first - killedAt;
        }
      }
    }

    const row = {
      instances: n,
      streams: reports.reduce((a, r) => a + r.connected, 0),
      events: latencies.length,
      p50_ms: Number(percentile(latencies, 50).toFixed(1)),
      p99_ms: Number(percentile(latencies, 99).toFixed(1)),
      upstream_kline_sockets: beforeFailover.sockets,
      upstream_subscriptions: beforeFailover.subscriptions,
      redis_commands_per_event: pushedInWindow
        ? Number((commands / pushedInWindow).toFixed(1))
        : null,
      failover_ms: failoverMs === null ? null : Math.round(failoverMs),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
    for (const w of workers) w.close();
    stopAll();
    process.off('exit', stopAll);
    await new Promise((r) => setTimeout(r, 2000));
  }

  console.log(
    '\n| instances | streams | events | p50 latency | p99 latency | upstream kline sockets | upstream subscriptions | Redis commands per event | failover |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${String(r.instances)} | ${String(r.streams)} | ${String(r.events)} | ${String(r.p50_ms)} ms | ${String(r.p99_ms)} ms | ${String(r.upstream_kline_sockets)} | ${String(r.upstream_subscriptions)} | ${String(r.redis_commands_per_event)} | ${r.failover_ms === null ? '–' : `${Number(r.failover_ms)} ms`} |`,
    );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/cluster.json',
    JSON.stringify({ date: new Date().toISOString(), cpus: cpus().length, rows }, null, 2),
  );
  redis.disconnect();
  await redisServer.stop();
  await running.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
