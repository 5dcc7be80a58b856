'use client';
/**
 * The command palette's recent entries, kept in this browser. Read back through parseRecent, so a
 * stored list that was edited by hand, or written by another version, yields only valid entries.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { PALETTE_STORAGE_KEY } from '../../client/stores/keys';
import { keptField } from '../../client/stores/kept-field';
import { parseRecent, pushRecent } from './recent';
import type { Target } from './targets';

interface PaletteState {
  recent: Target[];
  remember: (target: Target) => void;
  clear: () => void;
}

export const usePaletteStore = create<PaletteState>()(
  persist(
    (set) => ({
      recent: [],
      remember: (target) => set((s) => ({ recent: pushRecent(s.recent, target) })),
      clear: () => set({ recent: [] }),
    }),
    keptField(PALETTE_STORAGE_KEY, 'recent', parseRecent),
  ),
);
