#!/usr/bin/env node
// Usage: node scripts/dev/layout-shifts.mjs <url>
// The layout shifts a phone sees: Debian Chromium at 412 x 823 (Lighthouse's mobile viewport), slow
// 4G and a 4x slower CPU; prints every shift over 0.001 with the elements that moved (where from and
// to). Lighthouse gives a page's CLS; this says which element to fix. Run it a few times: a shift
// that depends on when the browser first paints shows up in some runs only.
import { chromium } from '@playwright/test';
const [url] = process.argv.slice(2);
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const c = await b.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const p = await c.newPage();
const cdp = await c.newCDPSession(p);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
});
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await p.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      window.__shifts.push({
        t: Math.round(e.startTime),
        v: e.value.toFixed(4),
        src: e.sources.map(
          (s) =>
            `${(s.node?.outerHTML || '').slice(0, 160)} | ${s.node?.nodeName}.${(s.node?.className || '').toString().slice(0, 30)} y ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`,
        ),
      });
  }).observe({ type: 'layout-shift', buffered: true });
});
await p.goto(url, { waitUntil: 'load' });
await p.waitForTimeout(8000);
console.log(
  JSON.stringify(
    (await p.evaluate(() => window.__shifts)).filter((s) => s.v > 0.001),
    null,
    1,
  ),
);
await b.close();
