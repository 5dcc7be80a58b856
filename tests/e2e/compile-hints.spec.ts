import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { UNI } from './support/pools';

/**
 * The framework's scripts, the ones every page runs at its start, reach the browser with V8's
 * explicit compile hint as their first line (scripts/compile-hints.mjs), and nothing else does: a
 * page's own chunks and the chart library are compiled as V8 chooses.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

test('the scripts every page starts with carry the compile hint; a page’s own do not', async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync('.next/build-manifest.json', 'utf8')) as {
    rootMainFiles: string[];
  };
  const framework = new Set(
    manifest.rootMainFiles.filter((f) => f.endsWith('.js')).map((f) => `/_next/${f}`),
  );
  expect(framework.size).toBeGreaterThan(2);

  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'script' && url.pathname.startsWith('/_next/'))
      scripts.set(url.pathname, response.text());
  });
  await page.goto(`/pools/evm/1/${UNI}`);
  await expect(page.getByTestId('candle-chart').locator('canvas').first()).toBeVisible();

  const hinted: string[] = [];
  const plain: string[] = [];
  for (const [path, body] of scripts) ((await body).startsWith(HINT) ? hinted : plain).push(path);
  // Every framework script was loaded, hinted; the page's own chunks (and the chart's) were not.
  expect(hinted.sort()).toEqual([...framework].sort());
  expect(plain.length).toBeGreaterThan(3);
});
