/**
 * What the container ships: the standalone server (`npm start`) serves the dashboard, its assets
 * and its health, and a SIGTERM to npm leaves nothing listening; the compiled simulator runs alone,
 * with no node_modules at all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/servers';
import { cleanServerEnv } from '../support/clean-env';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/**
 * `npm start` on a port from the system. The standalone server cannot take port 0 itself, so a port
 * is picked here and handed over; another process could take it in between (the suites run at
 * once). The server counts as up only once it says "Ready" itself, and a start that failed is tried
 * again on another port, so no other server is ever tested in its place.
 */
async function startStandalone(): Promise<{ child: ChildProcess; base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      env: cleanServerEnv({
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        SIM_STATE_DIR: 'memory',
        NODE_ENV: 'production',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const closed = new Promise((resolve) => child.once('close', resolve));
    await until(async () => child.exitCode !== null || output.includes('Ready'), 60_000);
    if (child.exitCode === null && output.includes('Ready'))
      return { child, base: `http://127.0.0.1:${port}` };
    if (child.exitCode !== null) await closed; // all of its output, to read why
    if (child.exitCode === null || !output.includes('EADDRINUSE') || attempt === 3)
      throw new Error(`npm start did not come up on port ${port}:\n${output}`);
  }
}

const status = (url: string, init?: RequestInit) =>
  fetch(url, init).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

describe('container', () => {
  it('npm start runs the standalone server: pages, assets and health answer; SIGTERM to npm leaves no orphan', async () => {
    const { child, base } = await startStandalone();
    for (const path of ['/', '/pools', '/wallets', '/api/health', '/api/health/ready'])
      expect(await status(`${base}${path}`), path).toBe(200);
    // The /pools page rendered above asked for its featured pools; the browser's gateway call for
    // one of them is answered from that same entry (one cache per process, not one per bundle).
    const pool = await fetch(
      `${base}/api/price/v1/pools?chain_type=evm&chain_id=1&pool_address=0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`,
    );
    expect(pool.status).toBe(200);
    expect(pool.headers.get('x-cache')).toBe('HIT');
    const html = await (await fetch(`${base}/`)).text();
    const assets = [...html.matchAll(/\/_next\/static\/[^"'\s]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets.slice(0, 6))
      expect(await status(`${base}${asset}`), asset).toBe(200);

    process.kill(child.pid!, 'SIGTERM');
    const closed = await until(async () => {
      try {
        await fetch(`${base}/api/health/live`);
        return false;
      } catch {
        return true;
      }
    }, 10_000);
    expect(closed).toBe(true);
  });

  it('the compiled simulator runs alone, without node_modules, and names a bad variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pulse-sim-only-'));
    try {
      copyFileSync('dist/sim.cjs', join(dir, 'sim.cjs'));
      const port = await freePort();
      const sim = spawn(process.execPath, ['sim.cjs'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          SIM_PORT: String(port),
          SIM_STATE_DIR: 'memory',
          SIM_API_KEY: 'alone-key-123',
        },
        stdio: 'ignore',
      });
      children.push(sim);
      const url = `http://127.0.0.1:${port}/price/api/v1/chains`;
      expect(
        await until(
          async () => (await status(url, { headers: { 'x-api-key': 'alone-key-123' } })) === 200,
          20_000,
        ),
      ).toBe(true);
      const body = (await (
        await fetch(url, { headers: { 'x-api-key': 'alone-key-123' } })
      ).json()) as {
        data: { total: number };
      };
      expect(body.data.total).toBe(9);
      sim.kill('SIGTERM');

      const bad = spawn(process.execPath, ['sim.cjs'], {
        cwd: dir,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', SIM_PORT: 'abc' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      bad.stderr?.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => bad.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('SIM_PORT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm start checks the environment before Next starts: a bad variable is named, exit 1, no "Ready"', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      env: cleanServerEnv({
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        NODE_ENV: 'production',
        EMBED_ALLOWED_ORIGINS: 'garbage-origin-7q',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('EMBED_ALLOWED_ORIGINS:');
    expect(output).not.toContain('garbage-origin-7q');
    expect(output).not.toContain('Ready');
    expect(await status(`http://127.0.0.1:${port}/api/health/live`).catch(() => 0)).toBe(0);
  });
});
