'use client';
/**
 * The price lines and alerts of this browser (lib/features/alerts/model.ts), persisted in
 * localStorage and validated on every read: what another tab, an older version or a visitor's own
 * hand left there is kept only as far as it is valid and within the caps.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { keptField } from '../../client/stores/kept-field';
import {
  MAX_ENTRIES,
  MAX_LINES_PER_POOL,
  sanitizeEntries,
  targetKey,
  type AlertCondition,
  type PoolTarget,
  type PriceEntry,
  type TokenTarget,
} from './model';

export const ALERTS_STORAGE_KEY = 'pulse-alerts';

export type AddResult = { ok: true; id: string } | { ok: false; reason: string };

interface AlertsState {
  entries: PriceEntry[];
  addLine: (target: PoolTarget, price: number) => AddResult;
  addTokenAlert: (target: TokenTarget, price: number, condition: AlertCondition) => AddResult;
  movePrice: (id: string, price: number) => void;
  /** makes the entry an alert (armed now), or a plain line again with null */
  setAlert: (id: string, condition: AlertCondition | null) => void;
  fire: (id: string, price: number, at: number) => void;
  rearm: (id: string) => void;
  remove: (id: string) => void;
}

let counter = 0;
function newId(now: number): string {
  counter = (counter + 1) % 1296;
  return `${now.toString(36)}${counter.toString(36).padStart(2, '0')}${Math.random().toString(36).slice(2, 6)}`;
}

const validPrice = (p: number) => Number.isFinite(p) && p > 0 && p <= 1e15;

export const useAlerts = create<AlertsState>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: (e: PriceEntry) => PriceEntry | null) =>
        set((s) => ({
          entries: s.entries.flatMap((e) => {
            if (e.id !== id) return [e];
            const next = change(e);
            return next ? [next] : [];
          }),
        }));
      const add = (entry: PriceEntry): AddResult => {
        const { entries } = get();
        if (entries.length >= MAX_ENTRIES)
          return { ok: false, reason: `At most ${MAX_ENTRIES} lines and alerts are kept.` };
        if (entry.target.kind === 'pool') {
          const key = targetKey(entry.target);
          if (entries.filter((e) => targetKey(e.target) === key).length >= MAX_LINES_PER_POOL)
            return { ok: false, reason: `At most ${MAX_LINES_PER_POOL} lines per pool.` };
        }
        set({ entries: [...entries, entry] });
        return { ok: true, id: entry.id };
      };
      return {
        entries: [],
        addLine: (target, price) => {
          if (!validPrice(price)) return { ok: false, reason: 'Not a price.' };
          const now = Date.now();
          return add({ id: newId(now), target, price, createdAt: now, alert: null });
        },
        addTokenAlert: (target, price, condition) => {
          if (!validPrice(price)) return { ok: false, reason: 'Not a price.' };
          const now = Date.now();
          return add({
            id: newId(now),
            target,
            price,
            createdAt: now,
            alert: { condition, armedAt: now, firedAt: null, firedPrice: null },
          });
        },
        movePrice: (id, price) => {
          if (validPrice(price)) patch(id, (e) => ({ ...e, price }));
        },
        setAlert: (id, condition) =>
          patch(id, (e) => {
            if (condition === null) return e.target.kind === 'pool' ? { ...e, alert: null } : e;
            return {
              ...e,
              alert: { condition, armedAt: Date.now(), firedAt: null, firedPrice: null },
            };
          }),
        fire: (id, price, at) =>
          patch(id, (e) =>
            e.alert && e.alert.firedAt === null && validPrice(price)
              ? { ...e, alert: { ...e.alert, firedAt: at, firedPrice: price } }
              : e,
          ),
        rearm: (id) =>
          patch(id, (e) =>
            e.alert
              ? {
                  ...e,
                  alert: { ...e.alert, armedAt: Date.now(), firedAt: null, firedPrice: null },
                }
              : e,
          ),
        remove: (id) => patch(id, () => null),
      };
    },
    keptField(ALERTS_STORAGE_KEY, 'entries', sanitizeEntries),
  ),
);

/** Entries of one pool, for its chart. */
export function poolEntries(entries: readonly PriceEntry[], target: PoolTarget): PriceEntry[] {
  const key = targetKey(target);
  return entries.filter((e) => targetKey(e.target) === key);
}
