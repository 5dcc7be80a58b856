/**
 * Webhook delivery with the persistent retry queue (seed "States and transitions"). Every matched
 * transaction goes through the queue: while `active` it is sent at once (a JSON array, `Sign` header =
 * the secret verbatim); a failure moves the app to `retrying`, after which everything waits for the
 * schedule (base interval doubling per attempt, capped at 36 h) or a manual retry, 100 per POST. The
 * queue draining gives `active` again; a batch still failing 36 h after its first failure gives
 * `disabled` and the queue is given up. Sends are serialised so batches never overtake each other.
 */
import type { RetryData, RetryStatusData, TransactionDetail } from '../../contracts/tx/schema';
import type { AppState } from './app-config';
import { chainOfRecord } from './chains';
import type { Outcome } from './outbound';

const WEBHOOK_BATCH = 100;
const RETRY_WINDOW_MS = 36 * 3_600_000;
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** While the queue is this long, newer matches are not queued (the oldest batch keeps its clock). */
const QUEUE_LIMIT = 20_000;

interface QueueItem {
  chain: string;
  hash: string;
  id: number;
  queuedAt: number;
  firstFailureAt: number | null;
}

export interface WebhookDeps {
  app: AppState;
  now(): number;
  baseMs: number;
  resolve(chain: string, hash: string): TransactionDetail | null;
  changed(): void;
  /** one POST of a batch (lib/sim/tx/outbound.ts, or the app's own receiver in process) */
  send(url: string, sign: string, body: string): Promise<Outcome>;
  /** queue length past which newer matches are dropped (default QUEUE_LIMIT) */
  queueLimit?: number;
}

export class Webhook {
  private queue: QueueItem[] = [];
  private attempts = 0;
  private nextRetryAt: number | null = null;
  private lock: Promise<unknown> = Promise.resolve();
  private pumpQueued = false;
  private retryQueued = false;

  constructor(private readonly deps: WebhookDeps) {}

  private get app(): AppState {
    return this.deps.app;
  }

  deliverable(): boolean {
    return this.app.enable_webhook && this.app.webhook_url !== null && this.app.is_active;
  }

  enqueue(tx: TransactionDetail & { id: number }): void {
    if (!this.deliverable() || this.queue.length >= (this.deps.queueLimit ?? QUEUE_LIMIT)) return;
    this.queue.push({
      chain: chainOfRecord(tx.chain_type, tx.chain_id)?.name ?? tx.chain_type,
      hash: tx.tx_hash,
      id: tx.id,
      queuedAt: this.deps.now(),
      firstFailureAt: null,
    });
    this.deps.changed();
    this.kick();
  }

  /** After a config change: deliver what waits, now rather than at the next scheduled retry. */
  resume(): void {
    if (!this.deliverable() || this.queue.length === 0) return;
    if (this.app.webhook_delivery_status === 'retrying') this.nextRetryAt = this.deps.now();
    this.kick();
  }

  /** Called by the service's ticker: a scheduled retry that is due. */
  tick(): void {
    const due = this.nextRetryAt !== null && this.deps.now() >= this.nextRetryAt;
    if (
      this.retryQueued ||
      this.app.webhook_delivery_status !== 'retrying' ||
      !this.deliverable() ||
      !due
    )
      return;
    this.retryQueued = true;
    this.exclusive(async () => {
      this.retryQueued = false;
      if (this.app.webhook_delivery_status === 'retrying' && this.deliverable()) await this.run();
    }).catch(logFailure);
  }

  /** POST app/webhook/retry: one retry run now, whatever the schedule says. */
  async retryNow(): Promise<RetryData> {
    return this.exclusive(async () => {
      if (this.queue.length === 0) {
        return { code: 0, message: 'nothing to retry', data: this.result(0, 0, 0, false) };
      }
      if (!this.deliverable()) {
        return { code: 0, message: 'webhook delivery is off', data: this.result(0, 0, 0, false) };
      }
      const run = await this.run();
      const message = run.reason === null ? 'ok' : `delivery failed: ${run.reason}`;
      return {
        code: run.reason === null ? 0 : 1,
        message,
        data: this.result(run.attempted, run.delivered, run.failed, run.finalFailed),
      };
    });
  }

  status(): RetryStatusData {
    const a = this.app;
    return {
      app_id: a.app_id,
      enable_webhook: a.enable_webhook,
      webhook_delivery_status: a.webhook_delivery_status,
      webhook_retrying_since: a.webhook_retrying_since,
      webhook_last_failed_transaction_id: a.webhook_last_failed_transaction_id,
      webhook_last_failure_reason: a.webhook_last_failure_reason,
      pending: this.queue.length,
      next_retry_at: this.nextRetrySeconds() ?? 0,
    };
  }

  export(): { queue: (string | number | null)[][]; attempts: number; nextRetryAt: number | null } {
    return {
      queue: this.queue.map((q) => [q.chain, q.hash, q.id, q.queuedAt, q.firstFailureAt]),
      attempts: this.attempts,
      nextRetryAt: this.nextRetryAt,
    };
  }

  import(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null) return;
    const r = raw as Record<string, unknown>;
    if (Array.isArray(r.queue)) {
      for (const row of r.queue) {
        if (!Array.isArray(row) || row.length !== 5) continue;
        const [chain, hash, id, queuedAt, firstFailureAt] = row as unknown[];
        if (typeof chain !== 'string' || typeof hash !== 'string' || typeof id !== 'number')
          continue;
        if (
          typeof queuedAt !== 'number' ||
          (firstFailureAt !== null && typeof firstFailureAt !== 'number')
        )
          continue;
        this.queue.push({ chain, hash, id, queuedAt, firstFailureAt });
      }
    }
    this.attempts = typeof r.attempts === 'number' ? r.attempts : 0;
    this.nextRetryAt = typeof r.nextRetryAt === 'number' ? r.nextRetryAt : null;
    if (this.app.webhook_delivery_status === 'retrying' && this.queue.length === 0) this.settle();
    if (this.app.webhook_delivery_status === 'retrying' && this.nextRetryAt === null)
      this.nextRetryAt = this.deps.now();
  }

  private kick(): void {
    if (this.app.webhook_delivery_status !== 'active' || this.pumpQueued) return;
    this.pumpQueued = true;
    this.exclusive(async () => {
      this.pumpQueued = false;
      if (this.app.webhook_delivery_status === 'active' && this.deliverable()) await this.run();
    }).catch(logFailure);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn, fn);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Batches until the queue is empty or one fails. */
  private async run() {
    const run = {
      attempted: 0,
      delivered: 0,
      failed: 0,
      finalFailed: false,
      reason: null as string | null,
    };
    while (this.queue.length > 0 && this.deliverable()) {
      const batch = this.queue.slice(0, WEBHOOK_BATCH);
      const body = batch
        .map((q) => this.deps.resolve(q.chain, q.hash))
        .filter((tx): tx is TransactionDetail => tx !== null);
      run.attempted += batch.length;
      const outcome: Outcome = body.length === 0 ? { ok: true } : await this.post(body);
      if (outcome.ok) {
        const sent = new Set(batch);
        this.queue = this.queue.filter((q) => !sent.has(q));
        run.delivered += batch.length;
        if (this.queue.length === 0) this.settle();
        this.deps.changed();
        continue;
      }
      run.failed += batch.length;
      run.reason = outcome.reason;
      run.finalFailed = this.fail(batch, outcome.reason);
      this.deps.changed();
      break;
    }
    return run;
  }

  private async post(body: TransactionDetail[]): Promise<Outcome> {
    const url = this.app.webhook_url;
    if (!url) return { ok: false, reason: 'no webhook_url' };
    try {
      return await this.deps.send(url, this.app.webhook_secret ?? '', JSON.stringify(body));
    } catch {
      return { ok: false, reason: 'could not connect to the webhook_url' };
    }
  }

  /** Records a failed batch; true when it ended in `disabled`. */
  private fail(batch: QueueItem[], reason: string): boolean {
    const now = this.deps.now();
    for (const item of batch) item.firstFailureAt ??= now;
    const app = this.app;
    app.webhook_last_failure_reason = reason;
    const first = Math.min(...batch.map((q) => q.firstFailureAt ?? now));
    if (now - first >= RETRY_WINDOW_MS) {
      app.webhook_delivery_status = 'disabled';
      app.enable_webhook = false;
      app.webhook_last_failed_transaction_id = batch[0]?.id ?? null;
      app.webhook_retrying_since = null;
      app.updated_at = new Date(now).toISOString();
      this.queue = [];
      this.attempts = 0;
      this.nextRetryAt = null;
      return true;
    }
    if (app.webhook_delivery_status !== 'retrying') {
      app.webhook_delivery_status = 'retrying';
      app.webhook_retrying_since = Math.floor(now / 1000);
      this.attempts = 0;
    }
    this.attempts++;
    this.nextRetryAt = now + Math.min(this.deps.baseMs * 2 ** (this.attempts - 1), RETRY_WINDOW_MS);
    return false;
  }

  /** The queue drained: back to `active` (docs/simulator/README.md, "What the seeds leave open"). */
  private settle(): void {
    if (this.app.webhook_delivery_status === 'retrying') {
      this.app.webhook_delivery_status = 'active';
      this.app.webhook_retrying_since = null;
    }
    this.attempts = 0;
    this.nextRetryAt = null;
  }

  private nextRetrySeconds(): number | null {
    return this.app.webhook_delivery_status === 'retrying' && this.nextRetryAt !== null
      ? Math.ceil(this.nextRetryAt / 1000)
      : null;
  }

  private result(
    attempted: number,
    delivered: number,
    failed: number,
    finalFailed: boolean,
  ): RetryData['data'] {
    return {
      attempted,
      delivered,
      failed,
      finalFailed,
      nextRetryAt: this.nextRetrySeconds(),
      pending: this.queue.length,
    };
  }
}

function logFailure(error: unknown): void {
  console.error('[sim] tx webhook delivery failed unexpectedly', error);
}
