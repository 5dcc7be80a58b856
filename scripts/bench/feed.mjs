#!/usr/bin/env node
// Usage: node scripts/bench/feed.mjs <wallets url> [seconds=60]
// Opens the live feed in Chromium while the server pushes transactions fast (start it with a small
// SIM_TX_INTERVAL_MS) and reports what a trader would feel: frame gaps, long tasks, rows in the DOM,
// JS heap, and how long a scroll through the whole list takes.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const [url = 'http://127.0.0.1:3611/wallets', seconds = '60'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(() => {
  const w = window;
  w.__frames = [];
  w.__long = [];
  let last = performance.now();
  const tick = (t) => {
    w.__frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => w.__long.push(e.duration)),
  ).observe({ type: 'longtask', buffered: true });
});
await page.goto(url);
await page.getByTestId('feed-row').first().waitFor({ timeout: 30_000 });
await page.evaluate(() => {
  window.__frames = [];
  window.__long = [];
});
await page.waitForTimeout(Number(seconds) * 1000);
const stats = await page.evaluate(() => {
  const f = [...window.__frames].sort((a, b) => a - b);
  const q = (p) => f[Math.min(f.length - 1, Math.floor(p * f.length))];
  return {
    frames: f.length,
    frameP50: q(0.5),
    frameP99: q(0.99),
    frameMax: f.at(-1),
    longTasks: window.__long.length,
    longTaskMax: Math.max(0, ...window.__long),
    rowsInDom: document.querySelectorAll('[data-testid="feed-row"]').length,
    count: document.querySelector('[data-testid="feed-count"]')?.textContent,
    heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1e6 : null,
  };
});
// Scrolling is measured paused (arrivals buffered), so it shows the list's own cost.
await page.getByRole('button', { name: 'Pause' }).click();
const scroll = await page.evaluate(async () => {
  const el = document.querySelector('[role="region"][aria-label^="Live transactions"]');
  // A wheel-like scroll: 120 px (about three rows) per frame, 300 frames.
  const gaps = [];
  let last = performance.now();
  for (let i = 1; i <= 300; i++) {
    el.scrollTop = i * 120;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }
  gaps.sort((a, b) => a - b);
  return { scrollFrameP50: gaps[150], scrollFrameP95: gaps[285], scrollHeight: el.scrollHeight };
});
console.log(JSON.stringify({ url, seconds: Number(seconds), ...stats, ...scroll }, null, 2));
await browser.close();
