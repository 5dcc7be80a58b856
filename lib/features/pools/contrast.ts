/**
 * Which palette's text reads on a host's background (`bg=`): the theme's own text on a background
 * of the opposite lightness is unreadable (light theme, dark `bg`), so with a `bg` the text, muted
 * and border colours follow the background's luminance (WCAG relative luminance and contrast).
 */

/** The text colours of the two palettes (app/globals.css). */
const TEXT = { dark: '#e7eaf0', light: '#111622' } as const;

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `RRGGBB` (with or without `#`). */
export function luminance(hex: string): number {
  const h = hex.replace(/^#/, '');
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(h.slice(i, i + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The palette whose text has the higher contrast on `bg` (`RRGGBB`). */
export function paletteFor(bg: string): 'dark' | 'light' {
  return contrast(TEXT.dark, bg) >= contrast(TEXT.light, bg) ? 'dark' : 'light';
}
