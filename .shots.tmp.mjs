import { chromium } from '@playwright/test';
const APP = 'http://127.0.0.1:3442';
const POOL = `${APP}/pools/evm/1/0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640`;
const [,, which, width = '1440', theme = 'dark'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 1 });
await context.grantPermissions(['notifications']);
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', String(e)));
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
const seed = async (entries) => {
  await context.addInitScript(([e, t]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('pulse-alerts', JSON.stringify({ state: { entries: e }, version: 1 }));
      sessionStorage.setItem('seeded', '1');
    }
    localStorage.setItem('pulse-prefs', JSON.stringify({ state: { theme: t, fiat: 'USD', tz: 'local' }, version: 1 }));
  }, [entries, theme]);
};
const now = Date.now();
const target = { kind: 'pool', chainType: 'evm', chainId: 1, address: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640', label: 'WETH/USDC' };
// the current price
const r = await fetch(`${APP}/api/kline/v1/kline/ohlcv?interval=1m&limit=1&chain_type=evm&chain_id=1&pool_address=${target.address}&from=${Math.floor(now/1000)-120}&to=${Math.floor(now/1000)}`);
const j = await r.json();
const arr = Array.isArray(j) ? j : j.data;
const close = arr.at(-1).close;
console.log('close', close);
const entries = [
  { id: 'l1', target, price: +(close * 1.004).toFixed(2), createdAt: now - 3600e3, alert: null },
  { id: 'l2', target, price: +(close * 0.996).toFixed(2), createdAt: now - 1800e3, alert: { condition: 'down', armedAt: now - 1800e3, firedAt: null, firedPrice: null } },
  { id: 'l3', target, price: close + 0.0004, createdAt: now - 600e3, alert: { condition: 'cross', armedAt: now - 600e3, firedAt: null, firedPrice: null } },
  { id: 't1', target: { kind: 'token', id: 1, symbol: 'BTC', name: 'Bitcoin', fiat: 'USD' }, price: 150000, createdAt: now - 7200e3, alert: { condition: 'up', armedAt: now - 7200e3, firedAt: null, firedPrice: null } },
  { id: 't2', target: { kind: 'token', id: 1027, symbol: 'ETH', name: 'Ethereum', fiat: 'EUR' }, price: 2000, createdAt: now - 86400e3, alert: { condition: 'down', armedAt: now - 86400e3, firedAt: now - 3000e3, firedPrice: 1999.41 } },
];
await seed(entries);
if (which === 'pool') {
  await page.goto(POOL, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="candle-chart"][data-state="ready"]');
  await page.waitForSelector('[data-testid="toast"]', { timeout: 60000 }).catch(() => console.log('no toast'));
  await page.getByRole('button', { name: /^Lines/ }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/work/shots/alerts/pool-${width}-${theme}.png`, fullPage: false });
} else if (which === 'alerts') {
  await page.goto(`${APP}/alerts`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/work/shots/alerts/alerts-${width}-${theme}.png`, fullPage: true });
} else if (which === 'empty') {
  await context.clearCookies();
  await page.goto(`${APP}/alerts`, { waitUntil: 'networkidle' });
  await page.evaluate(() => localStorage.removeItem('pulse-alerts'));
  await page.reload({ waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/work/shots/alerts/alerts-empty-${width}-${theme}.png`, fullPage: false });
} else if (which === 'markets') {
  await page.goto(`${APP}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/work/shots/alerts/markets-${width}-${theme}.png`, fullPage: false });
  await page.getByRole('button', { name: /^Price alert for / }).nth(1).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/work/shots/alerts/markets-dialog-${width}-${theme}.png`, fullPage: false });
}
await browser.close();
