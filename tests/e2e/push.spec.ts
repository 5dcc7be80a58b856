/**
 * The installable app and its service worker in Chromium (docs/push.md): what Chrome itself reports
 * about installability (Lighthouse 12 has no installability audit any more: CDP's
 * Page.getInstallabilityErrors is the check Chrome runs), a push delivered through the DevTools
 * protocol shown as a notification whose click opens the pool page, the offline page with nothing
 * else cached, and the "Also when Pulse is closed" switch from permission to the server's list.
 * Chromium here cannot reach a real push service, so the UI test gives the page a PushManager whose
 * subscription carries real browser keys and a push service address of its own.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  expect,
  test,
  type BrowserContext,
  type Page,
  type Worker,
} from '@playwright/test';
import { appUrl } from './support/env';

const UNISWAP = '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640';
const POOL_URL = `/pools/evm/1/${UNISWAP}?interval=1m`;

/** Waits for the service worker (registered after the page has loaded) to be active. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state ?? null,
        ),
      { timeout: 30_000 },
    )
    .toBe('activated');
}

/** Delivers a push to the page's service worker through the DevTools protocol. */
async function deliver(page: Page, context: BrowserContext, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const ids = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) ids.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.get(`${appUrl()}/`)).toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: appUrl(),
    registrationId: ids.get(`${appUrl()}/`)!,
    data,
  });
  await cdp.detach();
}

const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    })),
  );

interface Asked {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The worker's global scope (the page's type library does not describe it). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  /** what the worker asked the browser to show, each once the browser said it was shown */
  asked?: { title: string; options: NotificationOptions }[];
}

/**
 * Records, in the worker, every notification it asks for once `showNotification` has resolved: what
 * the worker shows is read from there. Headless Chromium sometimes leaves a fresh profile's first
 * notification out of `getNotifications()` although `showNotification` resolved (1 of 25 and 3 of
 * 25 fresh contexts in two runs of a loop at 18:05 UTC; never a later one of the same page), so the
 * list the browser keeps is not a faithful witness of the first push.
 */
async function recordAsked(context: BrowserContext): Promise<Worker> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as WorkerScope;
    if (scope.asked) return;
    const asked: NonNullable<WorkerScope['asked']> = [];
    scope.asked = asked;
    const registration = scope.registration;
    const show = registration.showNotification.bind(registration);
    registration.showNotification = async (title, options = {}) => {
      await show(title, options);
      asked.push({ title, options });
    };
  });
  return worker;
}

const asked = (worker: Worker): Promise<Asked[]> =>
  worker.evaluate(() =>
    ((self as unknown as WorkerScope).asked ?? []).map(({ title, options }) => ({
      title,
      body: options.body ?? '',
      tag: options.tag ?? '',
      data: options.data as unknown,
    })),
  );

test.describe('installable app', () => {
  test('every page links the manifest; Chrome finds Pulse installable (maskable icons, standalone, a worker)', async () => {
    // Chrome refuses to install from an incognito profile, which is what a test context is.
    const context = await chromium.launchPersistentContext(
      mkdtempSync(join(tmpdir(), 'pulse-e2e-profile-')),
      {
        executablePath: test.info().project.use.launchOptions?.executablePath,
        args: test.info().project.use.launchOptions?.args,
        baseURL: appUrl(),
      },
    );
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      for (const path of ['/', '/wallets', '/alerts']) {
        await page.goto(path);
        await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
          'href',
          '/manifest.webmanifest',
        );
      }
      await workerReady(page);
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as {
        display: string;
        icons: { sizes: string; purpose?: string }[];
      };
      expect(parsed.display).toBe('standalone');
      expect(parsed.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual([
        '192x192',
        '512x512',
      ]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a push becomes a notification naming the pair and the price; its click opens the pool page', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'], { origin: appUrl() });
    await page.goto('/');
    await workerReady(page);
    const worker = await recordAsked(context);
    await deliver(
      page,
      context,
      JSON.stringify({
        v: 1,
        title: 'WETH/USDC crossed 3,714.00 ↑',
        body: '1-minute candle closed at 3,716.21 (up through 3,714.00).',
        url: POOL_URL,
        tag: 'pulse-push-abc',
        ts: Date.now(),
      }),
    );
    await expect
      .poll(() => asked(worker), { timeout: 30_000 })
      .toEqual([
        {
          title: 'WETH/USDC crossed 3,714.00 ↑',
          body: '1-minute candle closed at 3,716.21 (up through 3,714.00).',
          tag: 'pulse-push-abc',
          data: { url: POOL_URL },
        },
      ]);

    // A click: the worker's notificationclick handler, run with the notification it showed (shown
    // again as it was asked for where the browser's list left it out, see recordAsked).
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const { title, options } = scope.asked![0]!;
      let [notification] = await scope.registration.getNotifications({ tag: options.tag });
      if (!notification) {
        await scope.registration.showNotification(title, options);
        [notification] = await scope.registration.getNotifications({ tag: options.tag });
      }
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: notification! }),
      );
    });
    await page.waitForURL(`${appUrl()}${POOL_URL}`);
    await expect(page.getByTestId('candle-chart')).toBeVisible();
    await expect.poll(() => shown(page)).toEqual([]);
  });

  test('a malformed push still says something and never leads off the site', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'], { origin: appUrl() });
    await page.goto('/alerts');
    await workerReady(page);
    const worker = await recordAsked(context);
    await deliver(page, context, 'not json');
    // The worker is started for the push: on a busy machine that takes a while.
    const fallback = { title: 'Pulse alert', body: '', tag: 'pulse-push', data: { url: '/' } };
    await expect.poll(() => asked(worker), { timeout: 30_000 }).toEqual([fallback]);
    // Another site's address becomes the home page; a newer push of the same tag replaces the last.
    await deliver(
      page,
      context,
      JSON.stringify({ title: 'x'.repeat(500), url: 'https://evil.example/' }),
    );
    const capped = { title: 'x'.repeat(120), body: '', tag: 'pulse-push', data: { url: '/' } };
    await expect.poll(() => asked(worker), { timeout: 30_000 }).toEqual([fallback, capped]);
    // Same tag: the browser shows the newer in place of the older.
    await expect.poll(() => shown(page)).toEqual([capped]);
  });

  test('with no network a page load shows the offline page; nothing but it is cached', async ({
    page,
    context,
  }) => {
    await page.goto('/wallets');
    await workerReady(page);
    // The next page load is the worker's (a reload would bypass it).
    await page.goto('/alerts');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto('/pools');
    await expect(page.getByRole('heading', { name: 'Pulse is offline' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
      return out.sort();
    });
    expect(cached).toEqual(['/icons/icon-192.png', '/offline.html']);
    await context.setOffline(false);
  });
});

/** A PushManager whose subscription has real browser keys and an address of its own. */
async function fakePush(context: BrowserContext): Promise<{ endpoint: string }> {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const json = {
    endpoint: `https://push.example.test/e2e/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: {
      p256dh: ua.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  await context.addInitScript((sub) => {
    let current: PushSubscription | null = null;
    const make = () =>
      ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => sub,
        unsubscribe: async () => ((current = null), true),
        getKey: () => null,
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function () {
      if (Notification.permission !== 'granted')
        throw new DOMException('denied', 'NotAllowedError');
      current = make();
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, json);
  return json;
}

test.describe('"Also when Pulse is closed"', () => {
  test('turning it on asks for permission then; the server holds the alerts; /alerts lists them and takes one off', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await fakePush(context);
    await context.grantPermissions(['notifications'], { origin: appUrl() });
    await page.goto('/');
    const bell = page.getByRole('button', { name: /^Alert on \S+ price$/ }).first();
    const symbol = /^Alert on (\S+) price/.exec((await bell.getAttribute('aria-label')) ?? '')![1]!;
    await bell.click();
    const dialog = page.getByRole('dialog', { name: `Price alert · ${symbol}` });
    const input = dialog.getByLabel('Price in USD');
    const current = Number((await input.inputValue()).replace(/,/g, ''));
    await input.fill(String(Number((current * 2).toPrecision(6))));
    const toggle = dialog.getByRole('switch', { name: 'Also when Pulse is closed' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(dialog.getByText(/On: these alerts reach this browser/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Create alert' }).click();

    await page.goto('/alerts');
    const held = page.getByTestId('held-alert');
    await expect(held).toHaveCount(1);
    await expect(held).toContainText(symbol);
    await expect(held).toContainText('Rises above');
    await expect(held).toContainText('Watching');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await held.getByRole('button', { name: `Take the alert on ${symbol} off the server` }).click();
    await expect(held).toHaveCount(0);
    await expect(page.getByText(/The server holds no alert for this browser yet/)).toBeVisible();
    // The alert itself stays in this browser.
    await expect(page.getByTestId('alert-row')).toHaveCount(1);
  });

  test('a browser that refuses notifications, or has no push, says so beside the switch', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto('/alerts');
    const toggle = page.getByRole('switch', { name: 'Also when Pulse is closed' });
    await expect(toggle).toBeDisabled();
    await expect(page.getByText(/Notifications are blocked for this site/)).toBeVisible();

    const other = await context.browser()!.newContext();
    await other.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    const bare = await other.newPage();
    await bare.goto(`${appUrl()}/alerts`);
    await expect(bare.getByRole('switch', { name: 'Also when Pulse is closed' })).toBeDisabled();
    await expect(bare.getByText(/This browser cannot get alerts with Pulse closed/)).toBeVisible();
    await other.close();
  });
});
