import { describe, expect, it } from 'vitest';
import { legendOf } from '@/lib/chart/rules/legend';
import { withAlpha } from '@/lib/chart/draw/theme';

const bar = { time: 1_700_000_000, open: 100, high: 110, low: 95, close: 105, volume: 1_234_567 };

describe('legendOf', () => {
  it('writes O, H, L, C in the bar colour, the change against the previous close and the volume', () => {
    const legend = legendOf(bar, 100, 2);
    expect(legend.prices).toEqual([
      { label: 'O', value: '100.00', tone: 'up' },
      { label: 'H', value: '110.00', tone: 'up' },
      { label: 'L', value: '95.00', tone: 'up' },
      { label: 'C', value: '105.00', tone: 'up' },
    ]);
    expect(legend.change).toEqual({ text: '+5.00%', tone: 'up' });
    expect(legend.volume).toEqual({ label: 'Vol', value: '1.23M', tone: 'muted' });
  });

  it('a falling bar is down even when the change against the previous close is up', () => {
    const falling = { ...bar, open: 110, close: 104 };
    const legend = legendOf(falling, 100, 2);
    expect(legend.prices.every((p) => p.tone === 'down')).toBe(true);
    expect(legend.change.tone).toBe('up');
  });

  it('without a previous bar the change is against the open; a change that rounds to zero is uncoloured', () => {
    expect(legendOf(bar, null, 2).change.text).toBe('+5.00%');
    const flat = { ...bar, open: 100, close: 100.00001 };
    expect(legendOf(flat, 100, 2).change).toEqual({ text: '0.00%', tone: 'muted' });
  });

  it('follows the decimals of the price scale', () => {
    const tiny = {
      time: 1,
      open: 0.0000341,
      high: 0.0000345,
      low: 0.000034,
      close: 0.0000342,
      volume: 0,
    };
    expect(legendOf(tiny, null, 9).prices[3]?.value).toMatch(/342/);
  });
});

describe('withAlpha', () => {
  it('turns #rgb and #rrggbb into rgba() and leaves other syntaxes alone', () => {
    expect(withAlpha('#19c37d', 0.5)).toBe('rgba(25, 195, 125, 0.5)');
    expect(withAlpha('#fff', 0.25)).toBe('rgba(255, 255, 255, 0.25)');
    expect(withAlpha('rgb(1 2 3)', 0.5)).toBe('rgb(1 2 3)');
  });
});
