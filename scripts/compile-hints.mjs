#!/usr/bin/env node
/**
 * After `next build`: marks the framework's scripts, the ones every page runs at its start (React,
 * Next's router and Turbopack's runtime: `rootMainFiles` of .next/build-manifest.json), with V8's
 * explicit compile hint, `//# allFunctionsCalledOnLoad`, as their first line.
 *
 * Without it V8 compiles each function the first time it is called, on the main thread: React DOM's
 * module alone took 44–58 ms there at the page's start, in the one task that also starts hydration.
 * With it, Chromium (136 and later) compiles the whole file on the background thread that streams
 * it in, before it runs. Other browsers see a comment and nothing more. Measured in
 * docs/benchmarks.md (2026-11-29): the pool page's total blocking time in Lighthouse, median of 12,
 * 749 → 399 ms.
 *
 * Only these files: a hint on a file whose functions are mostly not called at the start (a page's
 * own chunks, the chart library loaded later) would compile code nobody runs, on a thread a phone
 * needs for the page. The file keeps its name: Next hashed it before, and every build adds the same
 * line, so one name still means one content. A source map beside it, if the build wrote one, moves
 * down the one line added.
 *
 * `npm run build` runs it; a Vercel project's build command runs it after `next build`
 * (docs/deploying.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** Adds the hint to one script, once; shifts its source map (plain or indexed) by one line. */
function hint(file) {
  const js = readFileSync(file, 'utf8');
  if (js.startsWith(HINT)) return false;
  writeFileSync(file, HINT + js);
  const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(js)?.[1];
  const map = url && !url.startsWith('data:') ? join(dirname(file), url) : null;
  if (map && existsSync(map)) {
    const sm = JSON.parse(readFileSync(map, 'utf8'));
    if (Array.isArray(sm.sections)) for (const section of sm.sections) section.offset.line += 1;
    else sm.mappings = `;${sm.mappings}`;
    writeFileSync(map, JSON.stringify(sm));
  }
  return true;
}

const manifest = JSON.parse(readFileSync('.next/build-manifest.json', 'utf8'));
const files = (manifest.rootMainFiles ?? []).filter((f) => f.endsWith('.js'));
if (files.length === 0) {
  console.error('[compile-hints] .next/build-manifest.json names no rootMainFiles');
  process.exit(1);
}
const added = files.filter((f) => hint(join('.next', f))).length;
console.log(
  `[compile-hints] ${files.length} framework scripts hinted (${added} now): ${files.join(' ')}`,
);
