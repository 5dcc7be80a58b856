/**
 * The demo sandboxes of the in-process simulator. A sandbox is made only on purpose (`open`: a
 * visitor's first change, or a socket of theirs), never by a read. At most `max` live at once; when
 * full, a newcomer may take the place of the least recently used sandbox only if nobody is connected
 * to it and nobody changed it within `idleMs`; otherwise there is no place (the newcomer reads the
 * shared demo). A sandbox unused for `idleMs` with no client is dropped by the sweep. Replayed
 * transactions are counted in bytes, per sandbox (AppContext) and for all of them (`budget`).
 */
import type { SandboxDirectory, SandboxLimits } from '../core/types';
import type { AppContext } from './app-context';

/** A visitor's first change when every sandbox is taken (the dashboard shows it where it refuses). */
export const DEMO_FULL_MESSAGE =
  'The demo is full right now: you are seeing the shared demo, read-only. Your own sandbox opens when a place frees up; try again in a few minutes.';

/** Replay bytes per sandbox and in total when the limits do not say. */
export const DEFAULT_SANDBOX_BYTES = 64 * 1024;
const DEFAULT_TOTAL_SANDBOX_BYTES = 16 * 1024 * 1024;

/** The shared byte budget of every sandbox's replays. */
export interface ByteBudget {
  take(bytes: number): boolean;
  give(bytes: number): void;
}

export class Tenants implements SandboxDirectory {
  private readonly map = new Map<string, AppContext>();
  private lastSweep = 0;
  private bytes = 0;
  readonly budget: ByteBudget = {
    take: (n) => {
      if (this.bytes + n > this.totalBytes) return false;
      this.bytes += n;
      return true;
    },
    give: (n) => {
      this.bytes = Math.max(0, this.bytes - n);
    },
  };

  constructor(
    private readonly limits: SandboxLimits,
    private readonly create: (id: string, budget: ByteBudget) => AppContext,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get totalBytes(): number {
    return this.limits.totalBytes ?? DEFAULT_TOTAL_SANDBOX_BYTES;
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  /** The sandbox, if it exists (most recently used from now on). */
  get(id: string): AppContext | null {
    const ctx = this.map.get(id);
    if (!ctx) return null;
    // Map order is the LRU order.
    this.map.delete(id);
    this.map.set(id, ctx);
    return ctx;
  }

  open(id: string): boolean {
    return this.getOrCreate(id) !== null;
  }

  /** The sandbox, made now if there is room; null when the demo is full. */
  getOrCreate(id: string): AppContext | null {
    const existing = this.get(id);
    if (existing) return existing;
    if (this.map.size >= this.limits.max && !this.makeRoom()) return null;
    const ctx = this.create(id, this.budget);
    this.map.set(id, ctx);
    return ctx;
  }

  all(): AppContext[] {
    return [...this.map.values()];
  }

  stats(): { count: number; max: number; bytes: number; totalBytes: number } {
    return {
      count: this.map.size,
      max: this.limits.max,
      bytes: this.bytes,
      totalBytes: this.totalBytes,
    };
  }

  /** Called by the service's ticker; looks at the sandboxes every few seconds. */
  sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < 5_000) return;
    this.lastSweep = now;
    for (const [id, ctx] of this.map) {
      if (ctx.hub.clientCount === 0 && now - ctx.lastUsed > this.limits.idleMs) this.drop(id);
    }
  }

  /** Drops the least recently used sandbox that nobody follows or changed lately, if any. */
  private makeRoom(): boolean {
    const now = this.now();
    for (const [id, ctx] of this.map) {
      if (ctx.hub.clientCount > 0 || now - ctx.lastWrite <= this.limits.idleMs) continue;
      this.drop(id);
      return true;
    }
    return false;
  }

  private drop(id: string): void {
    const ctx = this.map.get(id);
    this.map.delete(id);
    if (!ctx) return;
    ctx.hub.closeAll();
    ctx.dropReplays();
  }
}
