/** The benchmarks' servers: the simulator on a real port and `next start` in front of it. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { createSimulator } from '../../lib/sim';
import { listen } from '../../lib/sim/node-server';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

export interface BenchServers {
  app: string;
  browser: Browser;
  stop: () => Promise<void>;
}

/**
 * Marks a build made with PULSE_BENCH=1 (the chart's measurement hook compiled in,
 * lib/chart/draw/bench-hook.ts). `next build` empties .next, so any later build drops the mark.
 */
const BENCH_BUILD_MARK = '.next/PULSE_BENCH';

/**
 * Builds if needed, starts both servers and Chromium (Debian's where present). `benchBuild`: the
 * build must carry the chart's measurement hook; without the mark, rebuild (widget included) with it.
 */
export async function startBenchServers({
  simPort,
  appPort,
  key,
  txIntervalMs = 60_000,
  benchBuild = false,
}: {
  simPort: number;
  appPort: number;
  key: string;
  txIntervalMs?: number;
  benchBuild?: boolean;
}): Promise<BenchServers> {
  if (benchBuild && !existsSync(BENCH_BUILD_MARK)) {
    console.log("[bench] building with PULSE_BENCH=1 (the chart's measurement hook)");
    const env = { ...process.env, PULSE_BENCH: '1' };
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env }).status !== 0) process.exit(1);
    writeFileSync(BENCH_BUILD_MARK, 'PULSE_BENCH=1\n');
  } else if (!existsSync('.next/BUILD_ID')) {
    console.log('[bench] no production build: running next build');
    if (spawnSync('npx', ['next', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const sim = createSimulator({ apiKey: key, stateDir: null, logLevel: 'silent', txIntervalMs });
  const running = await listen(sim, simPort);
  const child: ChildProcess = spawn(
    'node',
    ['node_modules/next/dist/bin/next', 'start', '-p', String(appPort), '-H', '127.0.0.1'],
    {
      env: {
        ...process.env,
        UPSTREAM_BASE_URL: running.url,
        UPSTREAM_API_KEY: key,
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
      detached: true,
    },
  );
  const stopApp = () => {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stopApp);
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const app = `http://127.0.0.1:${appPort}`;
  await waitFor(`${app}/api/health`);
  return {
    app,
    browser,
    stop: async () => {
      await browser.close();
      stopApp();
      await running.close();
    },
  };
}

export const median = (xs: number[]) => quantile(xs, 0.5);
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number);
}
export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
