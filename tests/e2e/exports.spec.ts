import { expect, test, type Download, type Page } from '@playwright/test';

/** CSV exports of what a page has loaded: the pool's trades and the live wallet feed. */

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';

/** A CSV download read back into rows (RFC 4180 quoting), with its file name. */
async function readCsv(download: Download) {
  const stream = await download.createReadStream();
  const text = Buffer.concat((await stream.toArray()) as Buffer[]).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(text.endsWith('\r\n')).toBe(true);
  const [head, ...body] = rows;
  return {
    name: download.suggestedFilename(),
    records: body.map((r) => {
      expect(r).toHaveLength(head!.length);
      return Object.fromEntries(head!.map((h, i) => [h, r[i]!]));
    }),
  };
}

async function exportFrom(page: Page, noun: string, range?: { from?: string; to?: string }) {
  await page.getByRole('button', { name: `Export ${noun} as CSV` }).click();
  const dialog = page.getByRole('dialog', { name: `Export ${noun} as CSV` });
  await expect(dialog).toBeVisible();
  if (range?.from) await dialog.getByLabel('From').fill(range.from);
  if (range?.to) await dialog.getByLabel('To').fill(range.to);
  const count = await dialog.getByTestId('csv-count').textContent();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Download \d+ rows$/ }).click();
  return { count: count ?? '', file: await readCsv(await download) };
}

test.use({ timezoneId: 'UTC' });

test("the pool's trades download as CSV and parse back to the table's rows", async ({ page }) => {
  await page.goto(`/pools/evm/1/${UNISWAP}`);
  const table = page.getByRole('table', { name: 'Recent trades' });
  await expect(table.getByRole('row').nth(1)).toContainText(/Buy|Sell/);
  const shown = await table.getByRole('row').count();

  const { count, file } = await exportFrom(page, 'trades');
  expect(file.name).toMatch(/^trades-WETH-USDC-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.csv$/);
  const loaded = Number(/of (\d+) trades/.exec(count)?.[1]);
  expect(file.records.length).toBe(loaded);
  // The table may have grown by a live trade meanwhile; the file holds what was loaded.
  expect(file.records.length).toBeGreaterThanOrEqual(Math.min(shown - 1, 50) - 5);
  for (const r of file.records) {
    expect(r.side).toMatch(/^(buy|sell|)$/);
    expect(r.time_utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(r.pool!.toLowerCase()).toBe(UNISWAP);
    expect(r.price_unit).toBe('USDC/WETH');
    expect(Number(r.base_amount)).toBeGreaterThan(0);
    // the price is the quote amount over the base amount, to the digits written
    expect(Number(r.price)).toBeCloseTo(Number(r.quote_amount) / Number(r.base_amount), 6);
    expect(r.tx_hash).toMatch(/^0x[0-9a-f]{64}$/i);
  }
  // The file's trades are the table's: each one's hash ends as a row's shortened hash ends.
  const tableText = (await table.textContent()) ?? '';
  for (const r of file.records.slice(0, 5)) expect(tableText).toContain(r.tx_hash!.slice(-4));
});

test('the live feed downloads as CSV, all of it or a date range', async ({ page }) => {
  await page.goto('/wallets');
  const rows = page.getByTestId('feed-row');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Pause' }).click();
  const times = await rows.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-time'))),
  );
  const hashes = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-hash')));

  const all = await exportFrom(page, 'transactions');
  expect(all.file.name).toMatch(/^live-feed-.*\.csv$/);
  expect(all.file.records.map((r) => r.tx_hash)).toEqual(hashes);
  for (const r of all.file.records) {
    expect(r.direction).toMatch(/^(in|out|self)$/);
    expect(Date.parse(r.time_utc!) / 1000).toBe(times[all.file.records.indexOf(r)]);
  }

  // A range that starts at the newest row's minute (the browser runs in UTC here).
  const newest = Math.max(...times);
  const minute = new Date((newest - (newest % 60)) * 1000).toISOString().slice(0, 16);
  const ranged = await exportFrom(page, 'transactions', { from: minute });
  const expected = times.filter((t) => t >= newest - (newest % 60)).length;
  expect(ranged.count).toContain(`${expected} of ${times.length} transactions in range`);
  expect(ranged.file.records).toHaveLength(expected);
  for (const r of ranged.file.records)
    expect(Date.parse(r.time_utc!) / 1000).toBeGreaterThanOrEqual(newest - (newest % 60));
});
