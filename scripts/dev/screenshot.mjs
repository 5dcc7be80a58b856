#!/usr/bin/env node
// Usage: node scripts/dev/screenshot.mjs <url> <out.png> [width] [height] [waitMs] [theme]
// Looks at a page as a user would: Debian Chromium, full page.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const [url, out, width = '1440', height = '900', wait = '2500', theme] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({
  viewport: { width: Number(width), height: Number(height) },
  deviceScaleFactor: 1,
});
if (theme) {
  await context.addInitScript(
    (t) =>
      localStorage.setItem(
        'pulse-prefs',
        JSON.stringify({ state: { theme: t, fiat: 'USD', tz: 'local' }, version: 1 }),
      ),
    theme,
  );
}
const page = await context.newPage();
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: 'networkidle' }).catch(() => page.goto(url));
await page.waitForTimeout(Number(wait));
await page.screenshot({ path: out, fullPage: true });
if (errors.length) console.log('console errors:\n' + errors.join('\n'));
await browser.close();
