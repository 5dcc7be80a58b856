/**
 * The demo sandboxes of the in-process simulator: at most `max` at once (the least recently used is
 * dropped first), each dropped after `idleMs` without use unless a client is still connected to it.
 * A dropped sandbox's sockets are closed; its visitor's next call starts a fresh one.
 */
import type { SandboxLimits } from '../core/types';
import type { AppContext } from './app-context';

export class Tenants {
  private readonly map = new Map<string, AppContext>();
  private lastSweep = 0;

  constructor(
    private readonly limits: SandboxLimits,
    private readonly create: (id: string) => AppContext,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get(id: string): AppContext {
    let ctx = this.map.get(id);
    if (ctx) {
      // Map order is the LRU order.
      this.map.delete(id);
      this.map.set(id, ctx);
      return ctx;
    }
    while (this.map.size >= this.limits.max) this.drop(this.map.keys().next().value as string);
    ctx = this.create(id);
    this.map.set(id, ctx);
    return ctx;
  }

  all(): AppContext[] {
    return [...this.map.values()];
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

  private drop(id: string): void {
    const ctx = this.map.get(id);
    this.map.delete(id);
    ctx?.hub.closeAll();
  }
}
