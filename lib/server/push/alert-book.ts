/**
 * The push watcher's book (watcher.ts): every subscription's alerts and their states as the watcher
 * last wrote them. The watcher is the states' one writer: an alert kept in a changed list keeps its
 * state, a new one starts armed with a fresh generation (so its dedupe ids are new).
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { alertKey, type AlertState, type PushAlert, type SubscriptionRecord } from './schema';
import type { Changes, Snapshot } from './store';
import { split } from './watch-plan';

export class AlertBook {
  readonly records = new Map<string, SubscriptionRecord>();
  readonly states = new Map<string, Map<string, AlertState>>();

  constructor(private readonly newGen?: () => string) {}

  load(snapshot: Snapshot): void {
    this.records.clear();
    this.states.clear();
    for (const record of snapshot.records) this.records.set(record.id, record);
    for (const [id, map] of snapshot.states) this.states.set(id, new Map(map));
  }

  apply(changes: Changes): void {
    for (const id of changes.removed) {
      this.records.delete(id);
      this.states.delete(id);
    }
    for (const record of changes.changed) {
      this.records.set(record.id, record);
      const keys = new Set(record.alerts.map(alertKey));
      const map = this.states.get(record.id) ?? new Map<string, AlertState>();
      for (const key of map.keys()) if (!keys.has(key)) map.delete(key);
      this.states.set(record.id, map);
    }
  }

  /** The alert behind a watcher reference (watch-plan.ts), if it is still held. */
  alertOf(r: string): { record: SubscriptionRecord; alert: PushAlert; key: string } | null {
    const [id, key] = split(r);
    const record = this.records.get(id);
    const alert = record?.alerts.find((a) => alertKey(a) === key);
    return record && alert ? { record, alert, key } : null;
  }

  stateOf(id: string, key: string): AlertState {
    let map = this.states.get(id);
    if (!map) {
      map = new Map();
      this.states.set(id, map);
    }
    let state = map.get(key);
    if (!state) {
      state = {
        armed: true,
        ref: null,
        firedAt: null,
        firedPrice: null,
        fires: 0,
        gen: this.newGen?.() ?? randomBytes(6).toString('base64url'),
      };
      map.set(key, state);
    }
    return state;
  }

  setState(id: string, key: string, state: AlertState): void {
    this.states.get(id)?.set(key, state);
  }
}
