'use client';
/**
 * The chart tools a trader set last, per browser: indicators and the price scale. A pool opened
 * again (from Pools, the palette, a bare link) shows them; a link that names them itself
 * (`studies=`, `scale=`) wins. Stored as the URL writes them and read back through the same
 * parsers, so a hand-edited entry yields at worst no indicators.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { formatStudies, parseStudies, type StudySpec } from './studies';
import { parseScale, type ScaleMode } from './scale';

const CHART_MEMORY_STORAGE_KEY = 'pulse-chart-tools';

interface ChartMemory {
  /** `ema:20,rsi:14`, null until the trader first sets indicators */
  studies: string | null;
  scale: ScaleMode | null;
  remember: (patch: { studies?: readonly StudySpec[]; scale?: ScaleMode }) => void;
}

export const useChartMemory = create<ChartMemory>()(
  persist(
    (set) => ({
      studies: null,
      scale: null,
      remember: ({ studies, scale }) =>
        set((s) => ({
          studies: studies ? formatStudies(studies) : s.studies,
          scale: scale ?? s.scale,
        })),
    }),
    {
      name: CHART_MEMORY_STORAGE_KEY,
      version: 1,
      partialize: (s) => ({ studies: s.studies, scale: s.scale }),
      merge: (stored, current) => {
        const s = (stored ?? {}) as { studies?: unknown; scale?: unknown };
        return {
          ...current,
          studies: typeof s.studies === 'string' ? formatStudies(parseStudies(s.studies)) : null,
          scale: typeof s.scale === 'string' ? parseScale(s.scale) : null,
        };
      },
    },
  ),
);

/**
 * What a pool page opened at `search` (its query string) shows of the remembered tools: those the
 * URL does not name, as they were last set (nothing when nothing was).
 */
export function rememberedView(
  search: string,
  memory: { studies: string | null; scale: ScaleMode | null },
): { studies?: StudySpec[]; scale?: ScaleMode } {
  const q = new URLSearchParams(search);
  const out: { studies?: StudySpec[]; scale?: ScaleMode } = {};
  if (!q.has('studies') && memory.studies !== null) out.studies = parseStudies(memory.studies);
  if (!q.has('scale') && memory.scale !== null) out.scale = memory.scale;
  return out;
}
