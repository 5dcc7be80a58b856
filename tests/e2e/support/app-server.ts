import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cleanServerEnv } from '../../support/clean-env';

/**
 * A second production server of this build, with its own environment (DASHBOARD_PASSWORD,
 * WEBHOOK_SECRET), pointed at the suite's simulator. Started and stopped by the spec that needs it.
 */
export class AppServer {
  private child: ChildProcess | null = null;
  private output = '';
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(timeoutMs = 90_000): Promise<void> {
    // A server left on the port (another run's) would answer the health check below before this
    // one fails to listen, and the spec would test it instead: refuse at once, naming the port.
    if (!(await portFree(this.port)))
      throw new Error(`port ${this.port} is already in use: stop what listens there first`);
    this.child = spawn('npx', ['next', 'start', '-p', String(this.port), '-H', '127.0.0.1'], {
      env: cleanServerEnv(this.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`app server exited early:\n${this.output}`);
      try {
        const r = await fetch(`${this.url}/api/health`);
        if (r.status < 500) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`app server did not start in ${timeoutMs} ms:\n${this.output}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // npx starts next as a child: end the whole group this spec started, by its own id.
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port, '127.0.0.1');
  });
}
