/**
 * `npm run bench:chart`: the candle chart in Chromium, against a production server (`next start`) in
 * front of the simulator on a real port. Reports
 *   - time to first candle on the pool page and in the widget (navigation start to the first
 *     candles painted, fresh browser context each run),
 *   - setData of 5,000 bars (the chart's own series, with its real options),
 *   - the per-update cost of live pushes at about one a second (validation, merge, series.update),
 *     and the page's main-thread time per second meanwhile,
 *   - the compressed JavaScript the widget's page downloads, every request counted as Chromium
 *     receives it (with and without `trades=1`), and the pool page's for comparison,
 *   - the widget's time to first candle as a share of the pool page's (the aim: under half).
 * A benchmark, not a test: figures, no pass/fail. The chart's measurement hook
 * (lib/chart/draw/bench-hook.ts) is compiled in only with PULSE_BENCH=1, so this script builds that way
 * first (scripts/bench/servers.ts; `npm run build` again before deploying or measuring other pages'
 * bytes), and in that build stays inert unless this script defines `window.__pulseBench`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { normalizeCandles, type Candle, type RawCandle } from '../../lib/chart/rules/candles';
import { quantile, round, startBenchServers } from './servers';

const SIM_PORT = Number(process.env.BENCH_SIM_PORT ?? 4392);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 3392);
const APP = `http://127.0.0.1:${APP_PORT}`;
const KEY = 'bench-key-chart';
const POOL = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_PAGE = `${APP}/pools/evm/1/${POOL}`;
const EMBED = `${APP}/embed/pools/evm/1/${POOL}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 30);

interface BenchWindow {
  __pulseBench: {
    firstCandleAt?: number;
    updates: number[];
    setData?: (bars: Candle[]) => Promise<{ setDataMs: number; paintedMs: number }>;
    updateLast?: (count: number) => number[];
  };
}

/** The lower middle of an even count, as this benchmark has always reported. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor((s.length - 1) / 2)] as number);
};

async function benchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => {
    (window as unknown as BenchWindow).__pulseBench = { updates: [] };
  });
  return context.newPage();
}

async function timeToFirstCandle(
  browser: Browser,
  url: string,
): Promise<{ runs: number[]; historyMs: number[] }> {
  const runs: number[] = [];
  const historyMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A fresh context each run: nothing cached, as for a first visit.
    const page = await benchPage(browser);
    await page.goto(url);
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).__pulseBench.firstCandleAt !== undefined,
      null,
      { timeout: 30_000 },
    );
    runs.push(
      await page.evaluate(
        () => (window as unknown as BenchWindow).__pulseBench.firstCandleAt as number,
      ),
    );
    historyMs.push(
      await page.evaluate(() => {
        const e = performance
          .getEntriesByType('resource')
          .find((r) => r.name.includes('/kline/ohlcv'));
        return e ? e.duration : NaN;
      }),
    );
    await page.context().close();
  }
  return { runs, historyMs };
}

/** Four indicators on the chart for the studies rows: two EMAs, Bollinger Bands and RSI (a pane). */
const FOUR_STUDIES = 'ema:20,ema:50,bb:20,rsi:14';

async function setData5000(
  browser: Browser,
  studies = '',
): Promise<{
  normalizeMs: number;
  setDataMs: number[];
  paintedMs: number[];
  bars: number;
  updateMs: number[];
}> {
  const now = Math.floor(Date.now() / 1000);
  const query = new URLSearchParams({
    interval: '1m',
    from: String(now - 5000 * 60),
    to: String(now),
    limit: '5000',
    chain_type: 'evm',
    chain_id: '1',
    pool_address: POOL,
  });
  const body = (await (
    await fetch(`${APP}/api/kline/v1/kline/ohlcv?${query.toString()}`)
  ).json()) as { data: RawCandle[] };
  const normalizeRuns: number[] = [];
  let bars: Candle[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    bars = normalizeCandles(body.data);
    normalizeRuns.push(performance.now() - t0);
  }
  // Median of warm runs: the first one includes compiling the function.
  const normalizeMs = median(normalizeRuns.slice(1));

  const page = await benchPage(browser);
  await page.goto(`${POOL_PAGE}?interval=1m${studies ? `&studies=${studies}` : ''}`);
  await page.waitForFunction(
    () => (window as unknown as BenchWindow).__pulseBench.firstCandleAt !== undefined,
    null,
    { timeout: 30_000 },
  );
  const setDataMs: number[] = [];
  const paintedMs: number[] = [];
  for (let i = 0; i < 7; i++) {
    const r = await page.evaluate(
      (b) => (window as unknown as BenchWindow).__pulseBench.setData?.(b),
      bars,
    );
    if (!r) throw new Error('the chart did not register its bench hook');
    if (i > 0) {
      // The first call warms the code paths; the rest are measured.
      setDataMs.push(r.setDataMs);
      paintedMs.push(r.paintedMs);
    }
  }
  // Live changes of the last bar over the 5,000 (warm-up, then 500 measured).
  await page.evaluate(() => (window as unknown as BenchWindow).__pulseBench.updateLast?.(100));
  const updateMs = await page.evaluate(
    () => (window as unknown as BenchWindow).__pulseBench.updateLast?.(500) ?? [],
  );
  await page.context().close();
  return { normalizeMs, setDataMs, paintedMs, bars: bars.length, updateMs };
}

async function liveUpdates(
  browser: Browser,
): Promise<{ updates: number[]; mainThreadMsPerSecond: number; scriptMsPerSecond: number }> {
  const page = await benchPage(browser);
  await page.goto(POOL_PAGE);
  await page.waitForFunction(
    () => (window as unknown as BenchWindow).__pulseBench.firstCandleAt !== undefined,
    null,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(3000);
  await page.evaluate(() => ((window as unknown as BenchWindow).__pulseBench.updates = []));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
  const before = await metrics();
  await page.waitForTimeout(LIVE_SECONDS * 1000);
  const after = await metrics();
  const updates = await page.evaluate(
    () => (window as unknown as BenchWindow).__pulseBench.updates,
  );
  await page.context().close();
  const per = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) / LIVE_SECONDS) * 1000;
  return {
    updates,
    mainThreadMsPerSecond: per('TaskDuration'),
    scriptMsPerSecond: per('ScriptDuration'),
  };
}

async function scriptBytes(
  browser: Browser,
  url: string,
): Promise<{ gzip: number; brotli: number; files: number }> {
  const page = await browser.newPage();
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request
      .sizes()
      .then((s) => scripts.push({ url: request.url(), bytes: s.responseBodySize }));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.close();
  // What a CDN with Brotli would send for the same files (next start compresses with gzip only):
  // Next's chunks from .next/static, the widget's bundle from public/widget.
  let brotli = 0;
  for (const s of scripts) {
    const pathname = new URL(s.url).pathname;
    const path = pathname.startsWith('/_next/')
      ? `.next${pathname.replace(/^\/_next/, '')}`
      : `public${pathname}`;
    if (existsSync(path))
      brotli += brotliCompressSync(readFileSync(path), {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
  }
  return { gzip: scripts.reduce((a, s) => a + s.bytes, 0), brotli, files: scripts.length };
}

async function main() {
  const servers = await startBenchServers({
    simPort: SIM_PORT,
    appPort: APP_PORT,
    key: KEY,
    benchBuild: true,
  });
  const { browser } = servers;
  try {
    // One warm-up visit compiles nothing (production) but fills the gateway's and the server's caches.
    const warm = await browser.newPage();
    await warm.goto(POOL_PAGE);
    await warm.close();

    const first = await timeToFirstCandle(browser, POOL_PAGE);
    const firstWidget = await timeToFirstCandle(browser, EMBED);
    const data = await setData5000(browser);
    const studied = await setData5000(browser, FOUR_STUDIES);
    const live = await liveUpdates(browser);
    const widget = await scriptBytes(browser, EMBED);
    const widgetTrades = await scriptBytes(browser, `${EMBED}?trades=1`);
    const poolPage = await scriptBytes(browser, POOL_PAGE);

    const rows = [
      {
        metric: 'time to first candle, pool page (median of fresh visits)',
        value: `${round(median(first.runs), 0)} ms`,
        detail: `runs ${first.runs.map((r) => round(r, 0)).join(', ')} ms; ${first.historyMs.every(Number.isNaN) ? 'candles inlined in the page (no history request)' : `history request ${round(median(first.historyMs.filter((x) => !Number.isNaN(x))), 0)} ms`}`,
      },
      {
        metric: 'time to first candle, widget (median of fresh visits)',
        value: `${round(median(firstWidget.runs), 0)} ms`,
        detail: `runs ${firstWidget.runs.map((r) => round(r, 0)).join(', ')} ms`,
      },
      {
        metric: `setData of ${data.bars.toLocaleString('en-US')} bars (median)`,
        value: `${round(median(data.setDataMs))} ms`,
        detail: `to painted ${round(median(data.paintedMs))} ms; validation (normalizeCandles, Node) ${round(data.normalizeMs)} ms`,
      },
      {
        metric: `setData of ${studied.bars.toLocaleString('en-US')} bars with four indicators`,
        value: `p50 ${round(quantile(studied.setDataMs, 0.5))} ms`,
        detail: `p95 ${round(quantile(studied.setDataMs, 0.95))} ms; to painted ${round(median(studied.paintedMs))} ms (${FOUR_STUDIES}); without them p50 ${round(quantile(data.setDataMs, 0.5))} ms`,
      },
      {
        metric: 'live update of the last bar with four indicators (500 changes)',
        value: `p50 ${round(quantile(studied.updateMs, 0.5), 3)} ms`,
        detail: `p95 ${round(quantile(studied.updateMs, 0.95), 3)} ms (aim: under 2 ms); without them p50 ${round(quantile(data.updateMs, 0.5), 3)} ms, p95 ${round(quantile(data.updateMs, 0.95), 3)} ms`,
      },
      {
        metric: `live push, ~1/s for ${LIVE_SECONDS} s (${live.updates.length} pushes)`,
        value: `p50 ${round(quantile(live.updates, 0.5), 2)} ms`,
        detail: `p95 ${round(quantile(live.updates, 0.95), 2)} ms, max ${round(Math.max(...live.updates), 2)} ms; page main thread ${round(live.mainThreadMsPerSecond)} ms/s (script ${round(live.scriptMsPerSecond)} ms/s)`,
      },
      {
        metric: 'widget time to first candle / pool page',
        value: `${round((median(firstWidget.runs) / median(first.runs)) * 100, 0)} %`,
        detail: 'same run, same machine (the aim: under 50 %)',
      },
      {
        metric: 'widget JavaScript, compressed',
        value: `${widget.gzip.toLocaleString('en-US')} B gzip`,
        detail: `${widget.files} files; ${widget.brotli.toLocaleString('en-US')} B with Brotli`,
      },
      {
        metric: 'widget JavaScript with trades=1, compressed',
        value: `${widgetTrades.gzip.toLocaleString('en-US')} B gzip`,
        detail: `${widgetTrades.files} files; ${widgetTrades.brotli.toLocaleString('en-US')} B with Brotli`,
      },
      {
        metric: 'pool page JavaScript, compressed (comparison)',
        value: `${poolPage.gzip.toLocaleString('en-US')} B gzip`,
        detail: `${poolPage.files} files; ${poolPage.brotli.toLocaleString('en-US')} B with Brotli`,
      },
    ];
    console.table(rows);
    console.log(
      `${cpus().length} CPUs, load average ${round(loadavg()[0] ?? 0, 2)} (other work on the machine inflates every figure)`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/chart.json',
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus: cpus().length,
          // Other work on the machine inflates every figure: the 1-minute load average when the run ended.
          load_average: round(loadavg()[0] ?? 0, 2),
          chromium: browser.version(),
          time_to_first_candle_ms: {
            median: round(median(first.runs)),
            runs: first.runs.map((r) => round(r)),
            // null: the first window came inlined in the page, no request.
            history_request_ms: first.historyMs.every(Number.isNaN)
              ? null
              : round(median(first.historyMs.filter((x) => !Number.isNaN(x)))),
          },
          widget_time_to_first_candle_ms: {
            median: round(median(firstWidget.runs)),
            runs: firstWidget.runs.map((r) => round(r)),
            share_of_pool_page: round(median(firstWidget.runs) / median(first.runs), 3),
          },
          set_data: {
            bars: data.bars,
            median_ms: round(median(data.setDataMs), 2),
            painted_median_ms: round(median(data.paintedMs), 2),
            runs_ms: data.setDataMs.map((r) => round(r, 2)),
            normalize_ms: round(data.normalizeMs, 2),
          },
          four_indicators: {
            studies: FOUR_STUDIES,
            set_data_p50_ms: round(quantile(studied.setDataMs, 0.5), 2),
            set_data_p95_ms: round(quantile(studied.setDataMs, 0.95), 2),
            live_update_p50_ms: round(quantile(studied.updateMs, 0.5), 4),
            live_update_p95_ms: round(quantile(studied.updateMs, 0.95), 4),
            without_live_update_p50_ms: round(quantile(data.updateMs, 0.5), 4),
            without_live_update_p95_ms: round(quantile(data.updateMs, 0.95), 4),
          },
          live_push: {
            seconds: LIVE_SECONDS,
            pushes: live.updates.length,
            p50_ms: round(quantile(live.updates, 0.5), 3),
            p95_ms: round(quantile(live.updates, 0.95), 3),
            max_ms: round(Math.max(...live.updates), 3),
            main_thread_ms_per_s: round(live.mainThreadMsPerSecond),
            script_ms_per_s: round(live.scriptMsPerSecond),
          },
          widget_js: { gzip_bytes: widget.gzip, brotli_bytes: widget.brotli, files: widget.files },
          widget_trades_js: {
            gzip_bytes: widgetTrades.gzip,
            brotli_bytes: widgetTrades.brotli,
            files: widgetTrades.files,
          },
          pool_page_js: {
            gzip_bytes: poolPage.gzip,
            brotli_bytes: poolPage.brotli,
            files: poolPage.files,
          },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await servers.stop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
