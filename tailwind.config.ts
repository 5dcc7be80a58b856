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
      fontSize: {
        '2xs': ['11px', '14px'],
      },
    },
  },
} satisfies Config;

export default config;
