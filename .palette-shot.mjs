import { chromium } from '@playwright/test';
const [base, out, width = '1440', height = '900', theme = 'dark', scenario = 'usdc'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: Number(height) } });
await context.addInitScript((t) => localStorage.setItem('pulse-prefs', JSON.stringify({ state: { theme: t, fiat: 'USD', tz: 'local' }, version: 1 })), theme);
const page = await context.newPage();
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(base + '/pools', { waitUntil: 'networkidle' });
await page.keyboard.press('Control+k');
const input = page.getByRole('combobox', { name: /Search tokens, pools/ });
await input.waitFor();
if (scenario === 'usdc') { await input.fill('usdc'); }
if (scenario === 'pool') { await input.fill('0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640'); }
if (scenario === 'hash') { await input.fill(process.env.HASH); }
await page.waitForTimeout(2500);
await page.screenshot({ path: out });
console.log(await page.locator('[cmdk-item]').allTextContents());
console.log('status:', await page.getByRole('status').last().textContent());
if (errors.length) console.log('errors', errors);
await browser.close();
