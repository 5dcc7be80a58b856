import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The time-zone preference (Settings → Display): every time the Wallets feed shows follows it. The
 * browser runs in Tokyo (UTC+9, no daylight saving), so local, UTC and New York times all differ.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:MM:SS of an instant at a fixed offset from UTC, computed without the app's code. */
const clockAt = (sec: number, offsetHours: number) => {
  const d = new Date((sec + offsetHours * 3600) * 1000);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
/** New York's offset at an instant, from the browser's Intl (the test's own oracle of DST). */
const newYorkOffset = (sec: number) => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'shortOffset',
  });
  const name = f.formatToParts(new Date(sec * 1000)).find((p) => p.type === 'timeZoneName');
  return Number(/GMT([+-]\d+)/.exec(name?.value ?? '')?.[1] ?? 0);
};

async function feedTimes(page: Page) {
  return page.getByTestId('feed-row').evaluateAll((rows) =>
    rows.map((r) => ({
      time: Number(r.getAttribute('data-time')),
      shown: r.querySelector('td')?.textContent?.trim() ?? '',
      title: r.querySelector('td')?.getAttribute('title') ?? '',
    })),
  );
}

async function pickZone(page: Page, zone: string) {
  await page.goto('/settings');
  const select = page.getByTestId('tz-select');
  // Picked once React has the page: "local" and "utc" are in the server's HTML, and a choice made
  // before hydration is reset to the stored one (it failed that way in a full run). The browser's
  // zone list arrives after hydration.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(select.locator(`option[value="${zone}"]`)).toHaveCount(1);
  await select.selectOption(zone);
  await expect(select).toHaveValue(zone);
}

test('a UTC preference changes every time shown on the Wallets feed; any IANA zone works', async ({
  page,
}) => {
  await page.goto('/wallets');
  const rows = page.getByTestId('feed-row');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);

  // The default: the browser's own zone (Tokyo, UTC+9).
  const local = await feedTimes(page);
  expect(local.length).toBeGreaterThanOrEqual(3);
  for (const r of local) {
    expect(r.time).toBeGreaterThan(1_600_000_000);
    expect(r.shown).toBe(clockAt(r.time, 9));
  }

  // Settings: UTC. The preview in Settings follows at once.
  await pickZone(page, 'utc');
  await expect(page.getByTestId('tz-preview')).toContainText('UTC');
  await page.getByRole('link', { name: 'Wallets' }).first().click();
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  const utc = await feedTimes(page);
  for (const r of utc) {
    expect(r.shown).toBe(clockAt(r.time, 0));
    expect(r.title).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC · received \d\d:\d\d:\d\d$/);
  }
  // Every time changed: none reads as it did in the browser's zone (nine hours apart).
  for (const r of utc) expect(r.shown).not.toBe(clockAt(r.time, 9));
  const before = new Map(local.map((r) => [r.time, r.shown]));
  for (const r of utc.filter((x) => before.has(x.time)))
    expect(r.shown).not.toBe(before.get(r.time));

  // It is kept: a reload still reads UTC.
  await page.reload();
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  for (const r of await feedTimes(page)) expect(r.shown).toBe(clockAt(r.time, 0));

  // Any IANA zone: New York, with its own daylight-saving offset.
  await pickZone(page, 'America/New_York');
  await page.goto('/wallets');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
  for (const r of await feedTimes(page)) {
    expect(r.shown).toBe(clockAt(r.time, newYorkOffset(r.time)));
    expect(r.title).toMatch(/ E[SD]T · received/);
  }
});

test('a hand-edited stored zone is ignored; the Display panel has no accessibility issue', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'pulse-prefs',
      JSON.stringify({ state: { theme: 'dark', fiat: 'USD', tz: 'Mars/Olympus' }, version: 1 }),
    ),
  );
  await page.goto('/settings');
  await expect(page.getByTestId('tz-select')).toHaveValue('local');
  await expect(page.getByTestId('tz-preview')).toContainText('Now:');
  const result = await new AxeBuilder({ page })
    .include('section:has([data-testid="tz-select"])')
    .analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
