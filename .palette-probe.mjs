import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto('http://127.0.0.1:3441/pools', { waitUntil: 'networkidle' });
await page.keyboard.press('Control+k');
await page.getByRole('dialog').waitFor();
console.log(await page.evaluate(() => getComputedStyle(document.querySelector('dialog'), '::backdrop').backgroundColor));
await browser.close();
