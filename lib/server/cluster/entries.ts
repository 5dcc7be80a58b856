/**
 * What the cluster's hub reads back from a topic's Redis stream, and the status events it writes
 * itself: every entry is parsed like input from a client (parse.ts) before a browser sees it.
 */
import 'server-only';
import { txIdentity } from '../../contracts/tx/identity';
import type { LoggedEvent } from '../stream/event-log';
import { parseStoredEvent } from './parse';

export type StreamEntry = [id: string, fields: string[]];

export const statusEvent = (
  id: string,
  service: string,
  state: string,
  detail: string | null,
): LoggedEvent => ({
  seq: 0,
  id,
  event: 'status',
  data: JSON.stringify({ service, state, detail }),
});

/** The cluster's sequence counter as read back: a count, or 0 for anything else. */
export function sequenceOf(raw: string | null): number {
  const n = Number(raw ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/**
 * XREAD's answer as [stream, entries] pairs: RESP2 sends a list of pairs, RESP3 a map, which the
 * client flattens to [stream, entries, stream, entries…].
 */
export function streamsOf(reply: unknown[]): [string, StreamEntry[]][] {
  if (typeof reply[0] !== 'string') return reply as [string, StreamEntry[]][];
  const pairs: [string, StreamEntry[]][] = [];
  for (let i = 0; i + 1 < reply.length; i += 2)
    pairs.push([reply[i] as string, reply[i + 1] as StreamEntry[]]);
  return pairs;
}

export function seqOf(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

/** An entry read back from Redis: kept only when it is exactly an event this app writes. */
export function toLogged([id, fields]: StreamEntry): LoggedEvent | null {
  if (typeof id !== 'string' || !/^\d{1,15}-0$/.test(id) || !Array.isArray(fields)) return null;
  let event: string | undefined;
  let data: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'e') event = fields[i + 1];
    else if (fields[i] === 'd') data = fields[i + 1];
  }
  const parsed = parseStoredEvent(event, data);
  return parsed ? { seq: seqOf(id), id, event: parsed.event, data: parsed.data } : null;
}

export function txIdentityOf(data: string): string {
  try {
    return txIdentity(JSON.parse(data) as Record<string, unknown>);
  } catch {
    return '';
  }
}
