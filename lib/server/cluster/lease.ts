/**
 * The lease on the upstream sockets: one instance of the cluster at a time holds it, in a Redis key
 * with a time to live that the holder renews. Taking it increments a fencing counter, and the value
 * (`<instance>:<fence>`) is what the holder's every write checks in the same script (hub.ts): a former
 * holder that was paused past its lease cannot publish, and so never acknowledges what it could not
 * store. Candidates try to take a free lease on a short period, so a dead holder is replaced within
 * the lease's time to live plus one try.
 */
import 'server-only';
import { keys, type ClusterRedis } from './redis';

const ACQUIRE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local value = ARGV[1] .. ':' .. redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], value, 'PX', ARGV[2])
return value`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface LeaseOptions {
  instance: string;
  ttlMs?: number;
  /** how often the holder renews and a candidate tries to take it */
  tickMs?: number;
  /** the holder changed: `value` is the fenced value to write with, or null when not held */
  onChange: (value: string | null) => void;
  /** another lease than the upstream sockets' (the push watcher's): its key and fencing counter */
  keys?: { lease: string; fence: string };
}

export class Lease {
  private value: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  readonly ttlMs: number;
  private readonly tickMs: number;
  /** when the lease was last confirmed ours; past ttlMs without renewal it is not ours any more */
  private confirmedAt = 0;
  private readonly key: string;
  private readonly fenceKey: string;

  constructor(
    private readonly redis: ClusterRedis,
    private readonly options: LeaseOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 3000;
    this.tickMs = options.tickMs ?? 500;
    this.key = options.keys?.lease ?? keys.lease;
    this.fenceKey = options.keys?.fence ?? keys.fence;
  }

  get held(): string | null {
    return this.value;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref?.();
    void this.tick();
  }

  /** Stops trying, and gives the lease up at once if held (a graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const value = this.value;
    this.set(null);
    if (value) await this.redis.client.eval(RELEASE, 1, this.key, value).catch(() => undefined);
  }

  private set(value: string | null): void {
    if (value === this.value) return;
    this.value = value;
    this.options.onChange(value);
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      if (this.value) {
        // Renew every other tick is plenty with a ttl of six ticks; renew every tick for margin.
        const ok = await this.redis.client.eval(RENEW, 1, this.key, this.value, this.ttlMs);
        if (ok === 1) this.confirmedAt = Date.now();
        else this.set(null);
      } else if (this.redis.state() === 'up') {
        const value = await this.redis.client.eval(
          ACQUIRE,
          2,
          this.key,
          this.fenceKey,
          this.options.instance,
          this.ttlMs,
        );
        if (typeof value === 'string') {
          this.confirmedAt = Date.now();
          this.set(value);
        }
      }
    } catch {
      // Redis unreachable: a holder that cannot renew stops acting as one before its lease ends.
      if (this.value && Date.now() - this.confirmedAt > this.ttlMs - this.tickMs) this.set(null);
    } finally {
      this.busy = false;
    }
  }
}
