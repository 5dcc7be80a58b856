/**
 * Failed sign-ins per client: a few are free, then each client waits. In memory, per server process:
 * enough to make guessing slow, not a distributed limiter.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, { count: number; first: number }>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 5 * 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  /** Milliseconds this client must wait before trying again; 0 when it may try now. */
  blockedFor(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const until = entry.first + this.windowMs;
    if (now >= until) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.maxFailures ? until - now : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (entry && now < entry.first + this.windowMs) {
      entry.count++;
      return;
    }
    if (this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, { count: 1, first: now });
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
