#!/usr/bin/env node
/**
 * `npm test`: format check (prettier), lint, unused code (knip: files, exports, dependencies), type
 * check, unit tests, then, after the build, the end-to-end tests in Chromium against the simulator,
 * the attack suite (tests/attack, against `next start` on free ports) and the cluster suite
 * (tests/cluster: three instances on a real redis-server). Every suite
 * runs even when an earlier one fails; the last line sums them all: `N passed, M failed`.
 *
 * What can share the cores does, so the browser suite, the longest by far, starts as early as it
 * can: the build runs first, alone; then the browser suite runs beside three lanes of the rest: the
 * attack suite; the cluster suite, then the unit tests; lint, then format, knip and typecheck (the
 * browser suite alone leaves about half of two cores idle: it mostly waits on servers, live data
 * and timers). The suites that only compute (unit tests, lint, format, knip, typecheck) run under
 * `nice`, so they take what the browser suite leaves rather than slow it down. Lines of suites that
 * run beside others are prefixed with the suite's name.
 *
 * A skipped test counts as a failure (none may be left behind), and a suite that runs fewer tests than
 * its floor in tests/floors.json fails too, so a run where tests silently vanish cannot end green.
 * Raise a floor when you add tests: `node scripts/test.mjs` prints each suite's count.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

/** coreutils' `nice`, where there is one. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p));

const results = [];
/**
 * `TEST_ONLY=unit,attack node scripts/test.mjs` runs only those suites (the build comes with e2e/attack),
 * on a developer's machine. CI runs everything whatever the environment says.
 */
const only = process.env.CI ? undefined : process.env.TEST_ONLY?.split(',').map((x) => x.trim());
if (process.env.CI && process.env.TEST_ONLY)
  console.log('=== CI: TEST_ONLY ignored, every suite runs');
const wanted = (name) => !only || only.includes(name);

function run(name, command, args, env) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(command, args, {
    stdio: 'inherit',
    env: env ? { ...process.env, ...env } : process.env,
  });
  console.log(`=== ${name}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return r.status === 0;
}

/**
 * Starts a suite beside others: its lines are prefixed `[name] ` so interleaved output stays
 * readable. Resolves with whether it exited 0.
 */
function start(name, command, args, { yielding = false } = {}) {
  console.log(`=== ${name}: ${command} ${args.join(' ')}${yielding ? ' (niced)' : ''}`);
  const started = Date.now();
  // A suite that only computes (no server, no timer it waits on) yields the cores to the browser
  // suite: `nice` lowers its share wherever it competes, and costs nothing where a core is idle.
  const [file, argv] = yielding && NICE ? [NICE, ['-n', '10', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let partial = '';
      from.setEncoding('utf8');
      from.on('data', (chunk) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop();
        for (const line of lines) to.write(`[${name}] ${line}\n`);
      });
      from.on('end', () => partial && to.write(`[${name}] ${partial}\n`));
    }
    child.on('error', (error) => {
      console.log(`=== ${name}: could not start: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => {
      console.log(`=== ${name}: exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/** A failed test's name with the first line of its error after a newline (colours stripped). */
function because(name, message) {
  const line = String(message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line ? `${name}\n${line}` : name;
}

function countVitest(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load has no failed test of its own; count it once.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const names = [];
  for (const f of report.testResults ?? []) {
    const failedHere = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (f.status === 'failed' && failedHere.length === 0)
      names.push(because(`${f.name} (did not load)`, f.message));
    for (const a of failedHere) names.push(because(a.fullName ?? a.title, a.failureMessages?.[0]));
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    names,
  };
}

/**
 * A test that failed and then passed on its retry is a failing test (a race somewhere): it counts as
 * failed and is named. The retry stays in the config only so its trace tells a race from a break.
 */
function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const flaky = [];
  const names = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        if (t.status === 'flaky') flaky.push(name);
        if (t.status === 'flaky' || t.status === 'unexpected' || t.status === 'skipped') {
          const label = `${name} (${t.status === 'flaky' ? 'passed only on a retry' : t.status})`;
          // The first attempt's error: with a retry, the second one often fails for another reason.
          const first = (t.results ?? []).find((r) => r.error || r.errors?.length);
          names.push(because(label, first?.error?.message ?? first?.errors?.[0]?.message));
        }
      }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const name of flaky)
    console.log(`=== e2e: passed only on a retry (counted as failed): ${name}`);
  return {
    passed: s.expected ?? 0,
    failed: (s.unexpected ?? 0) + (s.flaky ?? 0) + (report.errors?.length ?? 0),
    skipped: s.skipped ?? 0,
    names: [...names, ...(report.errors ?? []).map((e) => `error outside a test: ${e.message}`)],
  };
}

/** Skipped tests fail the run; so does a suite below its floor (tests/floors.json). */
const floors = existsSync('tests/floors.json')
  ? JSON.parse(readFileSync('tests/floors.json', 'utf8'))
  : {};
function checked(name, counts) {
  const out = { ...counts };
  const skipped = counts.skipped ?? 0;
  if (skipped > 0) {
    console.log(`=== ${name}: ${skipped} skipped test(s): each counts as a failure`);
    out.failed += skipped;
  }
  const floor = floors[name];
  const ran = counts.passed + counts.failed;
  if (typeof floor === 'number' && ran < floor) {
    const line = `${ran} tests ran, fewer than the floor of ${floor} (tests/floors.json)`;
    console.log(`=== ${name}: ${line}`);
    out.failed += 1;
    out.names = [...(counts.names ?? []), line];
  }
  return out;
}

mkdirSync('test-results', { recursive: true });
for (const suite of ['unit', 'e2e', 'attack', 'cluster'])
  rmSync(`test-results/${suite}.json`, { force: true });

const checks = [
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['format', 'npx', ['prettier', '--check', '--log-level=warn', '.']],
  ['knip', 'npx', ['knip', '--no-progress']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
].filter(([name]) => wanted(name));
const needsBuild = wanted('e2e') || wanted('attack') || wanted('cluster');
// The typecheck suite checks what Next's build would (the project and the route types the build
// writes, .next/types): the build, which the browser tests wait for, skips that pass (next.config.js).
const built =
  needsBuild &&
  run(
    'build',
    'npm',
    ['run', 'build'],
    wanted('typecheck') ? { PULSE_TYPES_CHECKED_APART: '1' } : undefined,
  );

/** A suite started beside others, counted from its JSON report (a run that failed is never green). */
const suite = (name, command, args, count, options) =>
  start(name, command, args, options).then((ok) => {
    const counts = count(`test-results/${name}.json`) ?? { passed: 0, failed: 1 };
    if (!ok && counts.failed === 0) counts.failed = 1;
    return counts;
  });

/** A Vitest suite (its config, or the default one for unit). */
const vitestSuite = (name, config, options) =>
  suite(
    name,
    'npx',
    [
      'vitest',
      'run',
      ...(config ? ['--config', config] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=test-results/${name}.json`,
    ],
    countVitest,
    options,
  );

const browserOk = wanted('e2e') ? run('browser', 'node', ['scripts/ensure-browser.mjs']) : false;
const redisOk = wanted('cluster') && built && run('redis', 'node', ['scripts/ensure-redis.mjs']);
/** Runs the tasks one after the other; resolves with their results in order. */
async function inTurn(tasks) {
  const out = [];
  for (const task of tasks) out.push(await task());
  return out;
}
const [e2e, attack, [cluster, unit], checksOk] = await Promise.all([
  wanted('e2e') && browserOk && built
    ? suite('e2e', 'npx', ['playwright', 'test'], countPlaywright)
    : null,
  wanted('attack') && built ? vitestSuite('attack', 'vitest.attack.config.ts') : null,
  // Neither needs a server of the browser suite's: they take the cores it leaves.
  inTurn([
    () => (redisOk ? vitestSuite('cluster', 'vitest.cluster.config.ts') : null),
    () => (wanted('unit') ? vitestSuite('unit', undefined, { yielding: true }) : null),
  ]),
  inTurn(
    checks.map(
      ([name, command, args]) =>
        () =>
          start(name, command, args, { yielding: true }),
    ),
  ),
]);
for (const name of ['format', 'lint', 'knip', 'typecheck']) {
  const i = checks.findIndex(([n]) => n === name);
  if (i >= 0)
    results.push({ name, ...(checksOk[i] ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }) });
}
if (wanted('unit'))
  results.push({ name: 'unit', ...checked('unit', unit ?? { passed: 0, failed: 1 }) });
/** A wanted suite that could not run (no browser, no build, no Redis) is one failure. */
[
  ['e2e', e2e],
  ['attack', attack],
  ['cluster', cluster],
].forEach(([name, counts]) => {
  if (wanted(name)) results.push({ name, ...checked(name, counts ?? { passed: 0, failed: 1 }) });
});

console.log('\n=== summary');
for (const r of results)
  console.log(
    `  ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
/**
 * The failing tests by name, just above the last line: a CI log is often read from its tail, and
 * the counts alone do not say what to look at. The first ten carry their error's first line: in a
 * cascade the first failure is the cause.
 */
const failedNames = results.flatMap((r) => (r.names ?? []).map((n) => `${r.name}: ${n}`));
if (failedNames.length > 0) {
  console.log('\n=== failed');
  failedNames.slice(0, 30).forEach((n, i) => {
    const [name, why] = n.split('\n');
    console.log(`  ${name.slice(0, 300)}`);
    if (why && i < 10) console.log(`      ${why.slice(0, 240)}`);
  });
  if (failedNames.length > 30) console.log(`  ... and ${failedNames.length - 30} more`);
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
