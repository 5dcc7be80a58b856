/**
 * What an instance reads back from Redis, parsed like input from a client: anyone who can write to
 * the cluster's Redis (a stray script, another app sharing it, a bug) must not be able to make an
 * instance write an arbitrary SSE line, follow a topic no browser could ask for, or answer a gateway
 * request with a malformed status. Each parser returns null (the entry is skipped) for anything that
 * is not exactly what this app writes.
 */
import 'server-only';
import { z } from 'zod';
import { checkAddress } from '../../core/address';
import type { StreamEventName } from '../../contracts/stream/events';
import { WsCandle } from '../../contracts/kline/schema';
import { parseTopic, scopedTopic, type Topic } from '../../contracts/stream/topics';
import { RelayedTransaction, TransferRecord } from '../../contracts/tx/schema';
import type { CachedResponse } from '../../upstream/cache';

/** Every SSE event name of the union (lib/contracts/stream/events.ts): a new one must be added here. */
const EVENT_DATA: Record<StreamEventName, z.ZodType> = {
  ohlcv: WsCandle,
  transaction: RelayedTransaction,
  trade: TransferRecord.extend({ topic: z.string() }),
  error: z.object({ topic: z.string(), code: z.number().int(), message: z.string() }),
  status: z.object({
    service: z.enum(['kline', 'tx', 'trades', 'stream', 'cluster']),
    state: z.string().max(32),
    detail: z.string().max(2000).nullable(),
  }),
};

function isEventName(name: string): name is StreamEventName {
  return Object.prototype.hasOwnProperty.call(EVENT_DATA, name);
}

/**
 * An event of a topic's stream: a known name, and data that is one line of JSON matching that
 * event's schema (a raw line break would end the SSE `data:` line and start another field).
 */
export function parseStoredEvent(
  event: string | undefined,
  data: string | undefined,
): { event: StreamEventName; data: string } | null {
  if (event === undefined || data === undefined || !isEventName(event)) return null;
  if (/[\r\n]/.test(data)) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return EVENT_DATA[event].safeParse(value).success ? { event, data } : null;
}

/** The link states an upstream socket reports (lib/upstream/resilient-socket.ts, LinkState). */
const LINK_STATES = new Set(['connecting', 'connected', 'reconnecting', 'down']);

export function parseLinkState(value: unknown): string | null {
  return typeof value === 'string' && LINK_STATES.has(value) ? value : null;
}

/** A demo sandbox id (lib/server/sandbox/cookie.ts): the scope of a sandbox's transaction topics. */
const SCOPE = /^[A-Za-z0-9_-]{22}$/;

/**
 * A member of the interest set: `{ "key": "<topic key>" }` (other fields are ignored). The key is
 * parsed again as a browser's topic would be, with the server's full address check, and kept only
 * when it is already in canonical form: the topic it names is one a browser could have asked for.
 */
export function parseInterestMember(member: string): Topic | null {
  let key: unknown;
  try {
    key = (JSON.parse(member) as { key?: unknown } | null)?.key;
  } catch {
    return null;
  }
  if (typeof key !== 'string' || key.length > 300) return null;
  const at = key.indexOf('@');
  const scope = at >= 0 ? key.slice(at + 1) : null;
  if (scope !== null && !SCOPE.test(scope)) return null;
  const parsed = parseTopic(at >= 0 ? key.slice(0, at) : key, checkAddress);
  if (!parsed.ok) return null;
  const topic = scopedTopic(parsed.topic, scope);
  return topic.key === key ? topic : null;
}

const FAILURES = new Set(['timeout', 'unreachable', 'bad-response']);

/** A gateway answer another instance shared (lib/server/cluster/shared-cache.ts). */
export function parseCachedResponse(text: string): CachedResponse | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { status, body, expires, failure } = value as Record<string, unknown>;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599)
    return null;
  if (typeof body !== 'string' || typeof expires !== 'number' || !Number.isFinite(expires))
    return null;
  if (failure !== undefined && !(typeof failure === 'string' && FAILURES.has(failure))) return null;
  return {
    status,
    body,
    expires,
    ...(failure ? { failure: failure as NonNullable<CachedResponse['failure']> } : {}),
  };
}
