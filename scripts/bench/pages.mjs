/**
 * `npm run bench:pages`: Lighthouse (mobile profile: a mid-range phone on slow 4G, simulated
 * throttling) on Markets, a pool page, the workspace with four charts, the embed and Wallets,
 * against `next start` in demo mode (the built-in simulator, no upstream), three runs per page.
 * Prints the median of the runs for each figure (performance, accessibility, best practices, LCP,
 * TBT, CLS and the JavaScript each page downloads, compressed, as Chromium received it) with every
 * run's performance score, and writes bench/results/pages.json (every run kept). A benchmark, not a
 * test: figures, no pass/fail.
 *
 * Chromium is Debian's (`CHROME_PATH`, default /usr/bin/chromium); nothing is downloaded. Plain
 * JavaScript run by Node: a TypeScript loader would rename the functions Lighthouse sends to the page.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * The port `app` listens on, from its own "Local:" line (it was started with `-p 0`: the system picks
 * a free port, so no other server can be audited in its place), once its health answers 200.
 */
async function listening(app) {
  let out = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('next start did not come up in a minute')),
      60_000,
    );
    app.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /Local:\s+http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    app.on('exit', (code) => reject(new Error(`next start exited (${code}): ${out}`)));
  });
  app.stdout.resume();
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status === 200) return port;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server on port ${port} never answered its health check`);
}
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const RAY = '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCF8hQhbYWEbTtW';
const PANCAKE = '0x36696169c63e42cd08ce11f5deebbcebae652050';
// Two pools at two intervals each, the same pool twice among them (tests/e2e/workspace.spec.ts).
const FOUR = `/workspace?layout=4&c=evm:1:${POOL}:15m,evm:1:${POOL}:1h,svm:501:${RAY}:15m,evm:56:${PANCAKE}:1m`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ALL_PAGES = [
  { name: 'Markets', path: '/' },
  { name: 'Pool page', path: `/pools/evm/1/${POOL}` },
  { name: 'Workspace', path: FOUR },
  { name: 'Embed', path: `/embed/pools/evm/1/${POOL}` },
  { name: 'Wallets', path: '/wallets' },
];
// BENCH_PAGES=Markets,Wallets audits only those (while working on one page); the results file is
// written only by a full run.
const only = (process.env.BENCH_PAGES ?? '').split(',').map((s) => s.trim().toLowerCase());
const PAGES = only[0] ? ALL_PAGES.filter((p) => only.includes(p.name.toLowerCase())) : ALL_PAGES;

function startApp() {
  if (!existsSync('.next/BUILD_ID')) {
    console.log('[bench] no production build: running npm run build');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SIM_STATE_DIR: 'memory',
  };
  // Demo mode: no upstream, the built-in simulator.
  delete env.UPSTREAM_BASE_URL;
  delete env.UPSTREAM_API_KEY;
  return spawn('node', ['node_modules/next/dist/bin/next', 'start', '-p', '0', '-H', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
}

async function audit(port, url) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items;
  const jsBytes = (requests ?? [])
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // What cost points outside performance, by audit id (for whoever improves the page next).
  const failing = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    failing: [...failing('accessibility'), ...failing('best-practices')],
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    jsBytes,
    // Lighthouse's measure of this machine's speed at the time of the run (higher is faster): the
    // same page scores several points apart between a slow moment and a fast one.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
  };
}

async function main() {
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const app = startApp();
  const stopApp = () => {
    try {
      process.kill(-app.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stopApp);
  const APP = `http://127.0.0.1:${await listening(app)}`;
  // One warm-up load per page, so the first audit does not pay for the server's first render.
  for (const p of PAGES) await (await fetch(`${APP}${p.path}`)).arrayBuffer();

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results = {};
  try {
    for (const p of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${APP}${p.path}`));
      // Each figure's median over the runs (a run's LCP and TBT swing with the machine's load).
      const mid = {
        performance: median(runs.map((r) => r.performance)),
        accessibility: median(runs.map((r) => r.accessibility)),
        bestPractices: median(runs.map((r) => r.bestPractices)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        jsBytes: median(runs.map((r) => r.jsBytes)),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
      };
      results[p.name] = { ...mid, runs };
      console.log(`[bench] ${p.name}: ${runs.map((r) => r.performance).join(', ')}`);
    }
  } finally {
    chrome.kill();
    stopApp();
  }

  const rows = PAGES.map((p) => {
    const r = results[p.name];
    return [
      p.name,
      r.performance,
      r.accessibility,
      r.bestPractices,
      `${round(r.lcpMs / 1000, 1)} s`,
      `${Math.round(r.tbtMs)} ms`,
      round(r.cls, 3),
      `${Math.round(r.jsBytes / 1000)} KB`,
      r.benchmarkIndex,
      r.runs.map((x) => x.performance).join(' '),
    ];
  });
  const head = [
    'page',
    'perf',
    'a11y',
    'best pr.',
    'LCP',
    'TBT',
    'CLS',
    'JS (compressed)',
    'machine',
    'runs',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
  console.log(`\n${line(head)}\n${rows.map(line).join('\n')}`);
  console.log(
    `\n(mobile profile, simulated throttling; each figure the median of ${RUNS} runs; machine: ` +
      `Lighthouse's benchmark index, higher is faster; ` +
      `${cpus().length} cores, load ${loadBefore} before, ${round(loadavg()[0] ?? 0, 2)} after)`,
  );
  if (PAGES.length !== ALL_PAGES.length) process.exit(0);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/pages.json',
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        profile: 'lighthouse 12 mobile, simulated throttling, demo mode (next start)',
        runs: RUNS,
        cores: cpus().length,
        load: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2) },
        medianPerformance: median(PAGES.map((p) => results[p.name].performance)),
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log('[bench] wrote bench/results/pages.json');
  process.exit(0);
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
