/**
 * A real `redis-server` (Debian's package: scripts/ensure-redis.mjs installs it) on a free port, for
 * the cluster tests and the cluster benchmark. No persistence: a restart loses every key, as a
 * managed Redis that failed over without a replica would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export class RedisServer {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * A first start takes a port from the system; another process may take it before redis-server
   * listens (the suites run at once), so that start is tried again on another port. A restart keeps
   * its port, as a restarted Redis does.
   */
  async start(): Promise<void> {
    if (this.port) return this.spawn();
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      try {
        return await this.spawn();
      } catch (e) {
        if (attempt === 3 || !/in use/i.test(String(e))) throw e;
      }
    }
  }

  private async spawn(): Promise<void> {
    const child = spawn(
      process.env.REDIS_SERVER ?? 'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'notice',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start:\n${output}`)),
        10_000,
      );
      const onData = (c: Buffer) => {
        output += c.toString();
        if (/Ready to accept connections/i.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${output}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
