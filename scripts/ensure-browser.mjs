#!/usr/bin/env node
/**
 * Finds a Chromium for the end-to-end tests: Debian's /usr/bin/chromium where present, else
 * Playwright's own. Where neither is installed it installs one (apt-get as root on Debian, else
 * `playwright install chromium`) or stops with the one command to run.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM = '/usr/bin/chromium';

function playwrightBrowserPresent() {
  try {
    const out = execSync(
      `node -e "const {chromium}=require('@playwright/test');process.stdout.write(chromium.executablePath())"`,
      { stdio: ['ignore', 'pipe', 'ignore'] },
    ).toString();
    return out && existsSync(out);
  } catch {
    return false;
  }
}

if (existsSync(SYSTEM) || playwrightBrowserPresent()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('[e2e] installing Debian chromium (apt-get install -y chromium)…');
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (update.status === 0 && install.status === 0 && existsSync(SYSTEM)) process.exit(0);
}
if (!hasApt) {
  console.log('[e2e] installing Playwright chromium (npx playwright install chromium)…');
  const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  if (r.status === 0 && playwrightBrowserPresent()) process.exit(0);
}
console.error(
  `[e2e] No Chromium found. Install one, then run the tests again:\n` +
    (hasApt ? '  sudo apt-get install -y chromium\n' : '  npx playwright install chromium\n'),
);
process.exit(1);
