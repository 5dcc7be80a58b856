/**
 * Frames of the kline WebSocket protocol (seed, "Events"): the client sends `{ id, type, data }`, the
 * server answers `{ id, time, type, code, data, msg }`. Shared by `/kline/ws` and `/ws/{topic}`.
 */
import { isRecord } from '../core/http';

export type ServerType = 'pong' | 'subscribed' | 'unsubscribed' | 'ohlcv' | 'error';

export const WS_CODE = { ok: 0, invalid: 4001, unknownCommand: 4002, internal: 4500 } as const;

export function frame(
  id: string,
  time: number,
  type: ServerType,
  code: number,
  data: unknown,
  msg: string,
): string {
  return JSON.stringify({ id, time, type, code, data, msg });
}

export function errorFrame(id: string, time: number, code: number, msg: string): string {
  return frame(id, time, 'error', code, null, msg);
}

export function pongFrame(id: string, time: number): string {
  return frame(id, time, 'pong', WS_CODE.ok, {}, 'ok');
}

export interface ClientMessage {
  id: string;
  type: string;
  data: unknown;
}

/**
 * A text frame as a client message, or the error to answer. The id is echoed whenever the frame
 * carried a string id, even when something else is wrong with it.
 */
export function parseClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; id: string; msg: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, id: '', msg: 'Invalid JSON' };
  }
  const id = isRecord(value) && typeof value.id === 'string' ? value.id : '';
  if (!isRecord(value) || id === '' || typeof value.type !== 'string' || value.type === '') {
    return { ok: false, id, msg: 'Missing id or type' };
  }
  return { ok: true, message: { id, type: value.type, data: value.data } };
}

/** chain_id as a number; an integer-valued string ("1") is accepted as well. */
export function readChainId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

export function readNonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
