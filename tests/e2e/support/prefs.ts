import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/**
 * A fresh browser context where the trader picked `fiat` in the header on an earlier visit (the
 * app's stored preferences), or none with `null`.
 */
export async function contextWithFiat(
  browser: Browser,
  options: BrowserContextOptions,
  fiat: string | null,
) {
  const context = await browser.newContext(options);
  if (fiat)
    await context.addInitScript(
      (code) =>
        localStorage.setItem(
          'pulse-prefs',
          JSON.stringify({ state: { theme: 'dark', fiat: code, tz: 'local' }, version: 1 }),
        ),
      fiat,
    );
  return context;
}

/**
 * Collects the page's errors: uncaught exceptions (React reports a hydration mismatch such as #418
 * through the page's error event) and console errors that name hydration.
 */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /React error|hydrat|#418|did not match|server rendered/i.test(m.text())
    )
      errors.push(`console: ${m.text().slice(0, 300)}`);
  });
  return errors;
}
