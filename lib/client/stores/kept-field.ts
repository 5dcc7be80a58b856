/**
 * How a store keeps one field of its state in localStorage (zustand's `persist`): only that field is
 * written, and what is read back (another version's, another tab's, a hand edit) goes through `read`,
 * which makes a valid value of anything.
 */
import type { PersistOptions } from 'zustand/middleware';

export function keptField<S, K extends keyof S & string>(
  name: string,
  field: K,
  read: (stored: unknown) => S[K],
): PersistOptions<S, Pick<S, K>> {
  return {
    name,
    version: 1,
    partialize: (s) => ({ [field]: s[field] }) as Pick<S, K>,
    merge: (stored, current) => {
      const kept = (stored as Partial<Record<K, unknown>> | null | undefined)?.[field];
      // Nothing kept (a first visit): the initial state itself, so the first render after
      // hydration finds the very objects the server's render had and renders nothing again.
      return kept === undefined ? current : { ...current, [field]: read(kept) };
    },
  };
}
