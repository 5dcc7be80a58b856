'use client';
/** Labels for addresses, kept in this browser and shown wherever the address appears. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { LABELS_STORAGE_KEY } from '../../client/stores/keys';

export const MAX_LABEL_LENGTH = 40;

/** Hex and bech32 addresses carry no meaning in their case; Base58 ones do. */
export function labelKey(address: string): string {
  const a = address.trim();
  return /^0x[0-9a-f]+$/i.test(a) || /^bc1/i.test(a) ? a.toLowerCase() : a;
}

interface LabelsState {
  labels: Record<string, string>;
  setLabel: (address: string, label: string) => void;
}

export const useLabels = create<LabelsState>()(
  persist(
    (set) => ({
      labels: {},
      setLabel: (address, label) =>
        set((s) => {
          const key = labelKey(address);
          const text = label.trim().slice(0, MAX_LABEL_LENGTH);
          const labels = { ...s.labels };
          if (text) labels[key] = text;
          else delete labels[key];
          return { labels };
        }),
    }),
    { name: LABELS_STORAGE_KEY, version: 1 },
  ),
);

/** The label of one address (re-renders only when that label changes). */
export function useLabel(address: string | null | undefined): string | undefined {
  return useLabels((s) => (address ? s.labels[labelKey(address)] : undefined));
}
