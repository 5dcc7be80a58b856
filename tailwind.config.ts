import type { Config } from 'tailwindcss';

/**
 * Every colour is a CSS variable (app/globals.css), so dark, light and the embed widget's `bg`
 * parameter are one switch of `data-theme` or one inline variable.
 */
const config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        bg: 'var(--bg)',
        panel: 'var(--panel)',
        raised: 'var(--raised)',
        border: 'var(--border)',
        text: 'var(--text)',
        muted: 'var(--muted)',
        faint: 'var(--faint)',
        accent: 'var(--accent)',
        up: 'var(--up)',
        down: 'var(--down)',
        warn: 'var(--warn)',
      },
      fontFamily: {
        sans: ['"Inter Variable"', '"Inter Fallback"', 'ui-sans-serif', 'system-ui', 'sans-serif'],
        // Addresses and hashes: the system's monospace (one web font only, Inter; no second download).
        mono: [
          'ui-monospace',
          'SFMono-Regular',
          'Menlo',
          'Consolas',
          '"Liberation Mono"',
          '"DejaVu Sans Mono"',
          'monospace',
        ],
      },
      /*
       * The type scale, named by its size in px: a dense dashboard sets text in exact pixels, and a
       * name that states the size reads plainly in markup. Bare sizes (no line height, as the
       * arbitrary text-[Npx] they replace: the line height stays the parent's); unlike Tailwind's own
       * xs/sm/base, which bring one. `2xs` is 11 px with a 14 px line.
       */
      fontSize: {
        '2xs': ['11px', '14px'],
        '9': '9px',
        '10': '10px',
        '11': '11px',
        '12': '12px',
        '13': '13px',
        '14': '14px',
        '15': '15px',
        '22': '22px',
      },
    },
  },
} satisfies Config;

export default config;
