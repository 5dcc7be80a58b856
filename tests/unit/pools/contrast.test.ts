import { describe, expect, it } from 'vitest';
import { contrast, luminance, paletteFor } from '@/lib/features/pools/contrast';

describe('widget text on a host background', () => {
  it('measures luminance and contrast as WCAG does', () => {
    expect(luminance('000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 6);
    expect(contrast('000000', 'ffffff')).toBeCloseTo(21, 6);
  });

  it('picks light text on a dark background and dark text on a light one, whatever the theme', () => {
    expect(paletteFor('0b0e14')).toBe('dark');
    expect(paletteFor('1a1a2e')).toBe('dark');
    expect(paletteFor('ffffff')).toBe('light');
    expect(paletteFor('f5f6f8')).toBe('light');
    expect(paletteFor('ffcc00')).toBe('light');
  });

  it('the text it picks reads at AA (4.5:1) away from mid-grey, and is the better of the two there', () => {
    const text = { dark: 'e7eaf0', light: '111622' };
    for (const bg of ['000000', '333333', '808080', 'aaaaaa', 'ffffff', '0000ff', 'ff0000'])
      expect(contrast(text[paletteFor(bg)], bg)).toBeGreaterThanOrEqual(4.5);
    // No text colour reaches 4.5:1 on every grey; at #777777 the pick is still the better one.
    const other = paletteFor('777777') === 'dark' ? 'light' : 'dark';
    expect(contrast(text[paletteFor('777777')], '777777')).toBeGreaterThan(
      contrast(text[other], '777777'),
    );
  });
});
