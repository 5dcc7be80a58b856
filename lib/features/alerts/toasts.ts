'use client';
/** The app's toasts (components/alerts/alert-toasts.tsx shows them): newest last, a few at most. */
import { create } from 'zustand';
import type { PoolTarget } from './model';
import { useAlerts } from './store';

export interface Toast {
  id: number;
  title: string;
  body?: string;
  tone: 'up' | 'down' | 'info';
  /** a link to what the toast is about */
  href?: string;
}

const MAX_TOASTS = 4;
let next = 1;

interface ToastsState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id'>) => number;
  dismiss: (id: number) => void;
}

export const useToasts = create<ToastsState>()((set) => ({
  toasts: [],
  push: (toast) => {
    const id = next++;
    set((s) => ({ toasts: [...s.toasts, { ...toast, id }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Adds a price line to the pool; a refusal (too many lines, …) is said in a toast. */
export function addLineOrSay(pool: PoolTarget, price: number) {
  const result = useAlerts.getState().addLine(pool, price);
  if (!result.ok) useToasts.getState().push({ title: result.reason, tone: 'info' });
  return result;
}
