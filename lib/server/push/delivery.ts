/**
 * Sending one push (RFC 8030): web-push signs it (VAPID, RFC 8292) and encrypts it (aes128gcm,
 * RFC 8291) into a request, which is sent here through the filtering agent (endpoint.ts), so the
 * address connected to is checked. Each push carries a TTL, an urgency and a Topic per alert: a
 * newer firing of the same alert replaces one the push service still holds for an offline device.
 *
 * A push service's answer decides what follows: 2xx sent; 404 or 410 the subscription is gone for
 * good (removed); 429 and 5xx (and a connection failure) retried with growing waits, honouring
 * Retry-After; anything else dropped. Caps: pushes per subscription per minute and per hour, pushes
 * per minute for the whole deployment, and sends in flight; what is over a cap is dropped, counted
 * and logged without the endpoint (an endpoint is a secret: never logged, never returned).
 */
import 'server-only';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { log } from '../../observe/log';
import { rateLimit, type Limit } from '../security/limits';
import { pushAgents } from './endpoint';
import type { VapidKeys } from './keys';
import type { PushKeys } from './schema';

export interface PushTarget {
  id: string;
  endpoint: string;
  keys: PushKeys;
}

export interface PushOptions {
  /** seconds the push service keeps it for a device that is offline */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** at most 32 base64url characters: one per alert */
  topic: string;
}

export type SendOutcome = 'sent' | 'gone' | 'failed' | 'capped';

interface PushResponse {
  status: number;
  retryAfter: string | null;
}

/** Sends one prepared request; injected by tests, the default goes over the network. */
export type PushTransport = (
  details: { endpoint: string; headers: Record<string, string | number>; body: Buffer | null },
  allowPrivate: boolean,
) => Promise<PushResponse>;

const SEND_TIMEOUT_MS = 10_000;
export const MAX_ATTEMPTS = 4;
const MAX_IN_FLIGHT = 16;
const MAX_QUEUED = 1000;
export const CAPS = {
  perSubscriptionPerMinute: 10,
  perSubscriptionPerHour: 120,
  totalPerMinute: 1200,
} as const;

export const networkTransport: PushTransport = (details, allowPrivate) =>
  new Promise((resolve, reject) => {
    const url = new URL(details.endpoint);
    const agents = pushAgents(allowPrivate);
    const plain = url.protocol === 'http:';
    if (plain && !agents.http) return reject(new Error('plain http is not allowed'));
    const send = plain ? httpRequest : httpsRequest;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    const req = send(
      url,
      { method: 'POST', agent: plain ? agents.http! : agents.https, headers },
      (res: IncomingMessage) => {
        // The answer's body says nothing we act on; read and forget it (bounded by the timeout).
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter:
              typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(SEND_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });

/** Seconds of a Retry-After header (a number or an HTTP date), bounded to a minute. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = /^\d{1,6}$/.test(value.trim())
    ? Number(value.trim())
    : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return null;
  return Math.min(60_000, Math.round(seconds * 1000));
}

export interface DeliveryOptions {
  vapid: () => Promise<VapidKeys>;
  allowPrivate: boolean;
  /** the push service said the subscription is gone: remove it */
  onGone: (id: string) => void;
  transport?: PushTransport;
  /** the wait before attempt n (1-based) when the answer named none */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

export class PushDelivery {
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  readonly stats = { sent: 0, gone: 0, failed: 0, capped: 0, retried: 0 };
  private readonly perMinute: Limit;
  private readonly perHour: Limit;
  private readonly total: Limit;
  private lastCapLog = 0;

  constructor(private readonly options: DeliveryOptions) {
    this.perMinute = rateLimit('push-sub-minute', {
      points: CAPS.perSubscriptionPerMinute,
      durationSeconds: 60,
    });
    this.perHour = rateLimit('push-sub-hour', {
      points: CAPS.perSubscriptionPerHour,
      durationSeconds: 3600,
    });
    this.total = rateLimit('push-total', { points: CAPS.totalPerMinute, durationSeconds: 60 });
  }

  /** Sends one push (retrying as its answers say); resolves with what became of it. */
  async send(target: PushTarget, payload: string, push: PushOptions): Promise<SendOutcome> {
    if (!(await this.admit(target.id))) return this.count('capped');
    if (this.inFlight >= MAX_IN_FLIGHT) {
      if (this.queue.length >= MAX_QUEUED) return this.count('capped');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.inFlight++;
    try {
      return this.count(await this.attempts(target, payload, push));
    } finally {
      this.inFlight--;
      this.queue.shift()?.();
    }
  }

  private async admit(id: string): Promise<boolean> {
    try {
      const [minute, hour] = await Promise.all([this.perMinute.take(id), this.perHour.take(id)]);
      return minute.ok && hour.ok && (await this.total.take('all')).ok;
    } catch {
      // The limiter's store failed: let the push through rather than lose an alert.
      return true;
    }
  }

  private count(outcome: SendOutcome): SendOutcome {
    this.stats[outcome]++;
    if (outcome === 'capped' && Date.now() - this.lastCapLog > 60_000) {
      this.lastCapLog = Date.now();
      log().warn({ capped: this.stats.capped }, 'push: a cap was reached, pushes dropped');
    }
    return outcome;
  }

  private async attempts(
    target: PushTarget,
    payload: string,
    push: PushOptions,
  ): Promise<SendOutcome> {
    const vapid = await this.options.vapid();
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: target.keys },
      payload,
      {
        vapidDetails: vapid,
        TTL: push.ttl,
        urgency: push.urgency,
        topic: push.topic,
        contentEncoding: 'aes128gcm',
      },
    );
    const transport = this.options.transport ?? networkTransport;
    const sleep = this.options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    const backoff = this.options.backoffMs ?? ((n) => 1000 * 2 ** (n - 1) + Math.random() * 250);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      let wait: number | null = null;
      try {
        const res = await transport(
          { endpoint: details.endpoint, headers: details.headers, body: details.body },
          this.options.allowPrivate,
        );
        if (res.status >= 200 && res.status < 300) return 'sent';
        if (res.status === 404 || res.status === 410) {
          this.options.onGone(target.id);
          return 'gone';
        }
        if (res.status !== 429 && res.status < 500) {
          // 400 (malformed), 403 (a key this service does not accept), 413: sending again changes nothing.
          log().warn({ status: res.status }, 'push: refused by the push service');
          return 'failed';
        }
        wait = retryAfterMs(res.retryAfter);
      } catch (error) {
        // A refused address (the filtering agent) is final; a network failure is worth a retry.
        const message = error instanceof Error ? error.message : '';
        if (/not allowed/i.test(message)) {
          log().warn({}, 'push: the endpoint resolves to an address that is not allowed');
          return 'failed';
        }
      }
      if (attempt === MAX_ATTEMPTS) break;
      this.stats.retried++;
      await sleep(wait ?? backoff(attempt));
    }
    log().warn({ attempts: MAX_ATTEMPTS }, 'push: not delivered after retries');
    return 'failed';
  }
}
