/**
 * `npm run bench:gateway`: how close the API runs to the framework's floor, and what held uploads
 * cost. One `next start` of the current build in demo mode (the built-in simulator), behind a
 * pretend proxy that names each client (`CLIENT_IP_HEADER`): the requests rotate through 2,000
 * client addresses, so the per-client rate limits (left at their defaults) are not what is measured.
 *
 * 1. Requests per second, in one run, interleaved so that a drift in the machine's load hits all
 *    three: a static file of the same server (`/embed.js`), the gateway's cached answer
 *    (`quotes/latest`, inside its 3 s window) and a pass-through (`chains`, no cache). Printed as
 *    ratios to the static file.
 * 2. The server's resident memory before, while and after 16 chunked 10 MB uploads are sent slowly
 *    to `/api/tx/v1/addresses` (cap 256 KB).
 *
 * The load generator is this file's own: keep-alive sockets writing prepared requests, one at a
 * time per socket, reading each answer to its end (Content-Length or chunked). Writes
 * bench/results/gateway.json. A benchmark, not a test: figures, no pass/fail (docs/benchmarks.md).
 *
 * Gateway reads are answered by the fast entry (lib/server/http/fast-entry.ts); `FAST_API=0` is
 * passed on to the server, which then routes them through Next.js to the route handlers: the same
 * build measured both ways.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';

const PORT = Number(process.env.BENCH_PORT ?? 3411);
const HOST = '127.0.0.1';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 3000);
const WARMUP_MS = 2000;
const CLIENTS = 2000;
const UPLOADS = 16;
const UPLOAD_BYTES = 10 * 1024 * 1024;

const TARGETS = [
  { name: 'static', path: '/embed.js' },
  { name: 'cached', path: '/api/price/v1/quotes/latest?ids=1,2&fiat=USD' },
  { name: 'pass-through', path: '/api/price/v1/chains' },
] as const;
type TargetName = (typeof TARGETS)[number]['name'];

const clientAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** The requests of one target, one per client address, ready to write. */
function prepared(path: string): Buffer[] {
  return Array.from({ length: CLIENTS }, (_, i) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\nx-real-ip: ${clientAddress(i + 1)}\r\n` +
        `accept: */*\r\nconnection: keep-alive\r\n\r\n`,
    ),
  );
}

/** Reads one HTTP/1.1 answer after another off a socket; calls `onAnswer(status)` for each. */
class AnswerReader {
  private buffer: Buffer = Buffer.alloc(0);
  private need: { kind: 'head' } | { kind: 'length'; left: number } | { kind: 'chunked' } = {
    kind: 'head',
  };
  private status = 0;

  constructor(private readonly onAnswer: (status: number) => void) {}

  push(data: Buffer): void {
    this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
    for (;;) {
      if (this.need.kind === 'head') {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 4);
        this.status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) this.need = { kind: 'chunked' };
        else this.need = { kind: 'length', left: length ? Number(length[1]) : 0 };
      } else if (this.need.kind === 'length') {
        const take = Math.min(this.need.left, this.buffer.length);
        this.buffer = this.buffer.subarray(take);
        this.need.left -= take;
        if (this.need.left > 0) return;
        this.done();
      } else {
        const line = this.buffer.indexOf('\r\n');
        if (line < 0) return;
        const size = parseInt(this.buffer.subarray(0, line).toString('latin1'), 16);
        if (size === 0) {
          // the last chunk: no trailers here, so "0\r\n\r\n"
          if (this.buffer.length < line + 4) return;
          this.buffer = this.buffer.subarray(line + 4);
          this.done();
        } else {
          if (this.buffer.length < line + 2 + size + 2) return;
          this.buffer = this.buffer.subarray(line + 2 + size + 2);
        }
      }
    }
  }

  private done(): void {
    this.need = { kind: 'head' };
    this.onAnswer(this.status);
  }
}

interface Slice {
  requests: number;
  errors: number;
  ms: number;
  /** the server's CPU seconds over the slice */
  cpu: number;
}

/** CONNECTIONS sockets asking `path` one request at a time each, for `ms`. */
async function drive(pid: number, requests: Buffer[], ms: number): Promise<Slice> {
  const cpuBefore = serverCpu(pid);
  let answered = 0;
  let errors = 0;
  let next = Math.floor(Math.random() * requests.length);
  const started = performance.now();
  const deadline = started + ms;
  const sockets: Socket[] = [];
  await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(PORT, HOST);
          sockets.push(socket);
          socket.setNoDelay(true);
          const send = () => socket.write(requests[next++ % requests.length]!);
          const reader = new AnswerReader((status) => {
            if (status === 200) answered++;
            else errors++;
            if (performance.now() < deadline) send();
            else {
              socket.end();
              resolve();
            }
          });
          socket.on('connect', send);
          socket.on('data', (d: Buffer) => reader.push(d));
          socket.on('error', () => {
            errors++;
            resolve();
          });
          socket.on('close', () => resolve());
        }),
    ),
  );
  for (const s of sockets) s.destroy();
  return {
    requests: answered,
    errors,
    ms: performance.now() - started,
    cpu: serverCpu(pid) - cpuBefore,
  };
}

/** CPU seconds (user + system) the server has used so far: `next start` and what it starts. */
function serverCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux)
  let ticks = Number(fields[11]) + Number(fields[12]);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const c of children ? children.split(/\s+/) : []) ticks += serverCpu(Number(c)) * 100;
  }
  return ticks / 100;
}

/** Resident memory of the server: `next start` and the server process it starts, in MB. */
function serverRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  let kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const c of children ? children.split(/\s+/) : []) kb += serverRss(Number(c)) * 1024;
  }
  return kb / 1024;
}

/** One chunked upload, 64 KB every 50 ms, until the server answers or closes, or 10 MB are sent. */
function slowUpload(): Promise<{ status: number; sent: number }> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: HOST,
      port: PORT,
      path: '/api/tx/v1/addresses',
      method: 'POST',
      headers: {
        origin: `http://${HOST}:${PORT}`,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        'x-real-ip': clientAddress(CLIENTS + 1),
      },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let status = 0;
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve({ status, sent }));
    const pump = () => {
      if (req.destroyed || status) return;
      if (sent >= UPLOAD_BYTES) return void req.end();
      sent += chunk.length;
      req.write(chunk);
      setTimeout(pump, 50);
    };
    pump();
  });
}

async function uploads(pid: number) {
  const before = serverRss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRss(pid))), 50);
  const results = await Promise.all(Array.from({ length: UPLOADS }, slowUpload));
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 1000));
  const after = serverRss(pid);
  return {
    uploads: UPLOADS,
    upload_mb: UPLOAD_BYTES / 1048576,
    statuses: [...new Set(results.map((r) => r.status))],
    max_sent_kb: Math.round(Math.max(...results.map((r) => r.sent)) / 1024),
    rss_before_mb: round(before),
    rss_peak_mb: round(peak),
    rss_after_mb: round(after),
    rss_peak_growth_mb: round(peak - before),
  };
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    console.error('[bench:gateway] no production build here: run `npm run build` first.');
    process.exit(1);
  }
  if (!existsSync('/proc/self/status')) {
    console.error('[bench:gateway] needs Linux /proc to read the server memory.');
    process.exit(1);
  }
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The developer's own configuration stays out: demo mode, default limits.
    if (
      v !== undefined &&
      !/^(UPSTREAM_|DASHBOARD_|RATE_|STREAM_|LOGIN_|CLIENT_IP|TRUSTED_|REDIS_|LOG_LEVEL)/.test(k)
    )
      env[k] = v;
  }
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(PORT), '-H', HOST],
    {
      env: {
        ...env,
        NODE_ENV: 'production',
        CLIENT_IP_HEADER: 'x-real-ip',
        SIM_STATE_DIR: 'memory',
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const stop = () => {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`http://${HOST}:${PORT}/api/health/live`);
      await r.arrayBuffer();
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid as number;

  const requests = Object.fromEntries(TARGETS.map((t) => [t.name, prepared(t.path)])) as Record<
    TargetName,
    Buffer[]
  >;
  const load = () => loadavg().map((l) => round(l, 2));
  const startedAt = new Date().toISOString();
  const loadBefore = load();
  const fastEntry = env.FAST_API !== '0';
  console.log(
    `[bench:gateway] ${startedAt}, ${cpus().length} cpus, load ${loadBefore.join(' ')}; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_MS / 1000} s per target; gateway reads through ${fastEntry ? 'the fast entry' : 'Next.js to the route handlers (FAST_API=0)'}`,
  );
  for (const t of TARGETS) await drive(pid, requests[t.name], WARMUP_MS);

  const totals = Object.fromEntries(
    TARGETS.map((t) => [t.name, { requests: 0, errors: 0, ms: 0, cpu: 0 }]),
  ) as Record<TargetName, Slice>;
  for (let round = 0; round < ROUNDS; round++) {
    // Rotated each round, so no target always runs first or last.
    const order = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
    for (const t of order) {
      const s = await drive(pid, requests[t.name], SLICE_MS);
      totals[t.name].requests += s.requests;
      totals[t.name].errors += s.errors;
      totals[t.name].ms += s.ms;
      totals[t.name].cpu += s.cpu;
    }
  }
  const rps = (name: TargetName) => (totals[name].requests / totals[name].ms) * 1000;
  const rows = TARGETS.map((t) => ({
    target: t.name,
    path: t.path,
    requests_per_s: Math.round(rps(t.name)),
    non_200: totals[t.name].errors,
    ratio_to_static: round(rps(t.name) / rps('static'), 2),
    // The server's own CPU per answer: steadier than req/s on a shared machine.
    server_cpu_us_per_request: Math.round((totals[t.name].cpu / totals[t.name].requests) * 1e6),
  }));
  for (const r of rows)
    console.log(
      `  ${r.target.padEnd(13)} ${String(r.requests_per_s).padStart(6)} req/s  ratio ${r.ratio_to_static.toFixed(2)}  server CPU ${r.server_cpu_us_per_request} µs/request  (non-200: ${r.non_200})  ${r.path}`,
    );

  const memory = await uploads(pid);
  console.log(
    `  uploads: ${UPLOADS} chunked ${memory.upload_mb} MB bodies, 64 KB per 50 ms to /api/tx/v1/addresses: HTTP ${memory.statuses.join(',')}, at most ${memory.max_sent_kb} KB sent; server RSS ${memory.rss_before_mb} MB before, ${memory.rss_peak_mb} MB at the peak (+${memory.rss_peak_growth_mb}), ${memory.rss_after_mb} MB after`,
  );
  const loadAfter = load();
  console.log(`  load after: ${loadAfter.join(' ')}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/gateway.json',
    `${JSON.stringify(
      {
        date: startedAt,
        cpus: cpus().length,
        load_before: loadBefore,
        load_after: loadAfter,
        fast_entry: fastEntry,
        connections: CONNECTIONS,
        client_addresses: CLIENTS,
        seconds_per_target: (ROUNDS * SLICE_MS) / 1000,
        rows,
        memory,
      },
      null,
      2,
    )}\n`,
  );
  stop();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
