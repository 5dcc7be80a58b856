/**
 * The one-machine push store: one JSON file in the data directory (lib/server/data-dir.ts), held in
 * memory and written whole after every change, one write at a time. A firing is written before it
 * is sent, so a restart never sends it again (at most once); its dedupe id is kept for its time to
 * live, because after a restart the tx socket re-sends the last minutes' transactions.
 */
import 'server-only';
import { isRecord } from '../../core/values';
import { readDataFile, writeDataFile } from '../data-dir';
import {
  alertKey as keyOf,
  readRecord,
  readState,
  type AlertState,
  type SubscriptionRecord,
} from './schema';
import {
  MAX_SUBSCRIPTIONS,
  type Changes,
  type CommitResult,
  type Firing,
  type PushStore,
  type Snapshot,
} from './store';

export const PUSH_FILE = 'push-subscriptions.json';
/** Dedupe ids kept at most (the oldest go first). */
const MAX_FIRED = 20_000;

interface FileData {
  records: Map<string, SubscriptionRecord>;
  states: Map<string, Map<string, AlertState>>;
  /** dedupe id -> until when (ms) */
  fired: Map<string, number>;
}

export class FileStore implements PushStore {
  readonly kind = 'file' as const;
  private data: Promise<FileData> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private version = 0;
  /** record id -> version of its last change; removed ones too, until read */
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly file = PUSH_FILE,
    private readonly now: () => number = Date.now,
    private readonly max = MAX_SUBSCRIPTIONS,
  ) {}

  private load0(): Promise<FileData> {
    this.data ??= readDataFile(this.file).then((raw) => this.parse(raw));
    return this.data;
  }

  private parse(raw: unknown): FileData {
    const data: FileData = { records: new Map(), states: new Map(), fired: new Map() };
    if (!isRecord(raw)) return data;
    for (const item of Array.isArray(raw.records) ? raw.records.slice(0, this.max) : []) {
      const record = readRecord(item);
      if (record) data.records.set(record.id, record);
    }
    if (isRecord(raw.states)) {
      for (const [id, byKey] of Object.entries(raw.states)) {
        if (!data.records.has(id) || !isRecord(byKey)) continue;
        const map = new Map<string, AlertState>();
        for (const [key, value] of Object.entries(byKey)) {
          const state = readState(value);
          if (state) map.set(key, state);
        }
        data.states.set(id, map);
      }
    }
    const now = this.now();
    if (isRecord(raw.fired)) {
      for (const [id, until] of Object.entries(raw.fired).slice(-MAX_FIRED)) {
        if (typeof until === 'number' && until > now && id.length <= 400) data.fired.set(id, until);
      }
    }
    return data;
  }

  /** Writes the whole file after the change, one write at a time (the last change always lands). */
  private persist(data: FileData): Promise<void> {
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const states: Record<string, Record<string, AlertState>> = {};
      for (const [id, map] of data.states) states[id] = Object.fromEntries(map);
      await writeDataFile(this.file, {
        v: 1,
        records: [...data.records.values()],
        states,
        fired: Object.fromEntries(data.fired),
      });
    });
    return this.writing;
  }

  private changed(id: string): void {
    this.version++;
    this.versions.set(id, this.version);
    for (const l of this.listeners) l();
  }

  async create(record: SubscriptionRecord): Promise<'ok' | 'full'> {
    const data = await this.load0();
    if (data.records.size >= this.max) return 'full';
    data.records.set(record.id, record);
    this.changed(record.id);
    await this.persist(data);
    return 'ok';
  }

  async get(id: string): Promise<SubscriptionRecord | null> {
    return (await this.load0()).records.get(id) ?? null;
  }

  async replace(record: SubscriptionRecord): Promise<boolean> {
    const data = await this.load0();
    if (!data.records.has(record.id)) return false;
    data.records.set(record.id, record);
    const states = data.states.get(record.id);
    if (states) {
      const keep = new Set(record.alerts.map((a) => keyOf(a)));
      for (const key of states.keys()) if (!keep.has(key)) states.delete(key);
    }
    this.changed(record.id);
    await this.persist(data);
    return true;
  }

  async remove(id: string): Promise<boolean> {
    const data = await this.load0();
    if (!data.records.delete(id)) return false;
    data.states.delete(id);
    this.changed(id);
    await this.persist(data);
    return true;
  }

  async states(id: string): Promise<Map<string, AlertState>> {
    return new Map((await this.load0()).states.get(id) ?? []);
  }

  async load(): Promise<Snapshot> {
    const data = await this.load0();
    const states = new Map<string, Map<string, AlertState>>();
    for (const [id, map] of data.states) states.set(id, new Map(map));
    return { records: [...data.records.values()], states, version: this.version };
  }

  async changesSince(version: number): Promise<Changes | null> {
    const data = await this.load0();
    const changed: SubscriptionRecord[] = [];
    const removed: string[] = [];
    for (const [id, v] of this.versions) {
      if (v <= version) continue;
      const record = data.records.get(id);
      if (record) changed.push(record);
      else removed.push(id);
    }
    // A removal is told once: the one watcher of this process has it now.
    for (const id of removed) this.versions.delete(id);
    return { changed, removed, version: this.version };
  }

  async commit(
    id: string,
    updates: ReadonlyMap<string, AlertState>,
    firing?: Firing,
  ): Promise<CommitResult> {
    const data = await this.load0();
    const record = data.records.get(id);
    if (!record) return 'gone';
    const now = this.now();
    if (firing) {
      const until = data.fired.get(firing.dedupeId);
      if (until !== undefined && until > now) return 'duplicate';
      data.fired.set(firing.dedupeId, now + firing.ttlMs);
      if (data.fired.size > MAX_FIRED) {
        for (const [key, t] of data.fired) {
          if (data.fired.size <= MAX_FIRED && t > now) break;
          data.fired.delete(key);
        }
      }
    }
    const keys = new Set(record.alerts.map((a) => keyOf(a)));
    const states = data.states.get(id) ?? new Map<string, AlertState>();
    for (const [key, state] of updates) if (keys.has(key)) states.set(key, state);
    data.states.set(id, states);
    await this.persist(data);
    return 'ok';
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for the writes in flight (tests, shutdown). */
  flush(): Promise<void> {
    return this.writing;
  }
}
