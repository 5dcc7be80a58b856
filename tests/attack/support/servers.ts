/**
 * The attack suite's servers: `next start` of this build with its own environment, on a port the
 * server itself takes from the system (`-p 0`), and helpers to reach it as an attacker would (raw
 * HTTP, any header, chunked bodies). `freePort()` is for servers that cannot take port 0 themselves;
 * whoever uses it must confirm the server that answers is its own (a port picked here can be taken
 * by another process before that server listens).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cleanServerEnv } from '../../support/clean-env';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The line `next start` prints once it listens, with the port the system gave it. */
const LISTENING = /Local:\s+http:\/\/127\.0\.0\.1:(\d+)/;

export class App {
  private child: ChildProcess | null = null;
  private output = '';
  port = 0;
  /**
   * Its own data directory unless the test names one (and keeps it across restarts of this App): the
   * attack and cluster suites run at once, and neither may write the checkout's `.data`.
   */
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'pulse-app-'));

  constructor(private readonly env: Record<string, string>) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get log(): string {
    return this.output;
  }

  /**
   * `next start -p 0`: the server takes a port from the system itself and prints it, so no other
   * process can take the port between its choice and the listen (a port picked here and handed over
   * could be, and was once in CI: another suite's simulator then answered this App's requests).
   */
  async start(timeoutMs = 90_000): Promise<void> {
    this.port = 0;
    this.output = '';
    const next = join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
    this.child = spawn(process.execPath, [next, 'start', '-p', '0', '-H', '127.0.0.1'], {
      // Nothing of the developer's own configuration (environment or .env files) reaches it.
      env: cleanServerEnv({
        NODE_ENV: 'production',
        SIM_STATE_DIR: 'memory',
        DATA_DIR: this.dataDir,
        ...this.env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`app exited early:\n${this.output}`);
      if (!this.port) this.port = Number(LISTENING.exec(this.output)?.[1] ?? 0);
      if (this.port) {
        try {
          const r = await fetch(`${this.url}/api/health`);
          await r.arrayBuffer();
          if (r.status < 500 || r.status === 503) return;
        } catch {
          // not listening yet
        }
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`app did not start in ${timeoutMs} ms:\n${this.output}`);
  }

  /**
   * Resident memory of the server process and its children, in bytes, from Linux's /proc. Throws
   * where /proc cannot be read: a memory check must fail there, never pass on a zero.
   */
  rss(): number {
    const pid = this.child?.pid;
    if (!pid || this.child?.exitCode !== null) throw new Error('rss: the server is not running');
    return treeRss(pid);
  }

  /** Sends a signal and resolves with the exit code (null: still running after 15 s). */
  async signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code, sig) => resolve(code ?? (sig ? 128 : null))),
    );
    child.kill(signal);
    return Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function treeRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  if (!kb) throw new Error(`rss: no VmRSS in /proc/${pid}/status`);
  let total = Number(kb) * 1024;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    } catch {
      continue; // the thread ended while we read
    }
    for (const c of children ? children.split(/\s+/) : []) {
      try {
        total += treeRss(Number(c));
      } catch {
        // a child that exited while we read has no memory left to count
      }
    }
  }
  return total;
}

export interface RawReply {
  status: number;
  headers: IncomingMessage['headers'];
  /** the bytes as sent, as UTF-8 (a compressed body is not decoded) */
  body: string;
  bytes: Buffer;
}

/** One request with exactly these headers (fetch would add or forbid some). */
export function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: bytes.toString('utf8'),
          bytes,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export interface ChunkedResult {
  status: number;
  body: string;
  /** bytes written before the answer came (or the server stopped reading) */
  sent: number;
  /** highest RSS of the server seen while sending */
  peakRss: number;
}

/**
 * Sends up to `totalBytes` as a chunked body (no Content-Length), 1 MB at a time, as fast as the
 * server reads, and stops when the answer arrives or the server closes the connection.
 */
export function chunkedFlood(
  url: string,
  totalBytes: number,
  headers: Record<string, string>,
  sampleRss: () => number,
): Promise<ChunkedResult> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    chunk.write('{"address":"', 0);
    let sent = 0;
    let peakRss = sampleRss();
    let answered = false;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    const finish = (status: number, body: string) => {
      if (answered) return;
      answered = true;
      peakRss = Math.max(peakRss, sampleRss());
      resolve({ status, body, sent, peakRss });
    };
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', (error) => {
      if (!answered) {
        // The server hung up after answering: wait for the answer that is already on its way.
        setTimeout(() => (answered ? undefined : reject(error)), 2000);
      }
    });
    let writes = 0;
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (++writes % 16 === 0) peakRss = Math.max(peakRss, sampleRss());
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A loopback listener that counts every TCP connection it gets (it must get none). */
export async function countingListener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server = createServer((req, res) => {
    res.writeHead(200).end('{}');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
