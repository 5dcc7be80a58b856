import { describe, expect, it } from 'vitest';
import { keptField } from '@/lib/client/stores/kept-field';

interface State {
  items: string[];
  other: number;
}
const read = (stored: unknown): string[] =>
  Array.isArray(stored) ? stored.filter((x): x is string => typeof x === 'string') : [];

describe('keptField', () => {
  const options = keptField<State, 'items'>('test-key', 'items', read);
  const merge = options.merge!;
  const initial: State = { items: [], other: 1 };

  it('with nothing kept, hands back the initial state itself: the objects the server rendered', () => {
    // A new empty array would differ from the server's by identity, and every reader of the
    // field would render again right after hydration.
    expect(merge(undefined, initial)).toBe(initial);
    expect(merge(null, initial)).toBe(initial);
    expect(merge({}, initial)).toBe(initial);
  });

  it('reads what was kept through `read`, and keeps the rest of the state', () => {
    const merged = merge({ items: ['a', 2, 'b'] }, initial);
    expect(merged).toEqual({ items: ['a', 'b'], other: 1 });
    expect(merge({ items: 'junk' }, initial)).toEqual({ items: [], other: 1 });
  });

  it('writes only its field', () => {
    expect(options.partialize!({ items: ['x'], other: 9 })).toEqual({ items: ['x'] });
  });
});
