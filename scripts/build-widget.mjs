#!/usr/bin/env node
/**
 * Bundles the embeddable widget's script (lib/embed/widget.ts: the chart, its feed, the stream
 * client, no React, no Next runtime) for the browser with esbuild, into public/widget/ with a content
 * hash in every file name (served immutable, next.config.js), and copies the Inter font the widget
 * uses there the same way. public/widget/manifest.json names the files for the embed route
 * (lib/embed/assets.ts). `npm run build` and `npm run dev` run it first; `--watch` rebuilds on change.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { context } from 'esbuild';

const OUT = 'public/widget';
const FONT = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const watch = process.argv.includes('--watch');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const fontBytes = readFileSync(FONT);
const fontName = `inter-latin-${createHash('sha256').update(fontBytes).digest('hex').slice(0, 10)}.woff2`;
writeFileSync(`${OUT}/${fontName}`, fontBytes);

/** Writes the manifest after every build: the entry, the chunks it imports at once, the font. */
const manifest = {
  name: 'manifest',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const outputs = Object.entries(result.metafile.outputs);
      const entry = outputs.find(([, o]) => o.entryPoint === 'lib/embed/widget.ts');
      if (!entry) throw new Error('build-widget: no output for lib/embed/widget.ts');
      const url = (file) => `/widget/${basename(file)}`;
      const json = {
        script: url(entry[0]),
        preload: entry[1].imports
          .filter((i) => i.kind === 'import-statement')
          .map((i) => url(i.path)),
        font: `/widget/${fontName}`,
      };
      writeFileSync(`${OUT}/manifest.json`, JSON.stringify(json, null, 2) + '\n');
      const bytes = outputs
        .filter(([file]) => file.endsWith('.js'))
        .map(([file, o]) => `${basename(file)} ${o.bytes} B`);
      console.log(`[build-widget] ${bytes.join(', ')}`);
    });
  },
};

const ctx = await context({
  entryPoints: ['lib/embed/widget.ts'],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome100', 'firefox100', 'safari15'],
  minify: true,
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  define: {
    'process.env.NODE_ENV': '"production"',
    // The chart's benchmark hook stays out unless PULSE_BENCH=1 (lib/chart/draw/bench-hook.ts).
    'process.env.PULSE_BENCH': JSON.stringify(process.env.PULSE_BENCH === '1' ? '1' : ''),
  },
  logLevel: 'warning',
  plugins: [manifest],
});

if (watch) {
  await ctx.watch();
  console.log('[build-widget] watching lib/ for changes');
} else {
  await ctx.rebuild();
  await ctx.dispose();
}
