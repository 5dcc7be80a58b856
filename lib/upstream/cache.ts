/**
 * A small TTL cache with single-flight: concurrent misses for one key share one upstream call, so
 * 100 browsers polling the same quotes cost the upstream one request per window. Bounded in size.
 */
export interface CachedResponse {
  status: number;
  body: string;
  /** Unix ms after which the entry is stale */
  expires: number;
  /** set when the body is the service's failure envelope for a call that did not get an answer */
  failure?: 'timeout' | 'unreachable' | 'bad-response';
}

interface Entry {
  value?: CachedResponse;
  pending?: Promise<CachedResponse>;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 1000,
    // Read at each call, not captured: the cache outlives module reloads (it is on globalThis).
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Returns the cached response for `key`, or runs `load` once for all concurrent callers. `load`
   * decides the expiry; an entry whose `expires` is not in the future is returned but not kept.
   */
  async get(
    key: string,
    load: () => Promise<CachedResponse>,
  ): Promise<CachedResponse & { hit: boolean }> {
    const entry = this.entries.get(key);
    if (entry?.value && entry.value.expires > this.now()) return { ...entry.value, hit: true };
    if (entry?.pending) return { ...(await entry.pending), hit: true };

    const pending = load();
    const slot: Entry = { pending };
    this.entries.set(key, slot);
    try {
      const value = await pending;
      if (value.expires > this.now()) {
        this.entries.delete(key); // re-insert: Map order is our LRU order
        this.entries.set(key, { value });
        this.evict();
      } else if (this.entries.get(key) === slot) {
        this.entries.delete(key);
      }
      return { ...value, hit: false };
    } catch (error) {
      if (this.entries.get(key) === slot) this.entries.delete(key);
      throw error;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      if (!entry.pending || (entry.value && entry.value.expires <= now)) this.entries.delete(key);
    }
  }
}
