/**
 * The two WebSocket endpoints of the kline service, one session per connection:
 * - `/kline/ws`: ping, subscribe and unsubscribe (seed, "Events"); binary frames are silently ignored;
 * - `/ws/{topic}`: application-level ping/pong only; a binary frame is an error (seed, "Errors").
 */
import {
  isKlineInterval,
  KLINE_INTERVALS,
  normalizeChainType,
  type KlineInterval,
} from '../../contracts/kline/endpoints';
import { isRecord } from '../core/http';
import type { WsPeer, WsSession } from '../core/types';
import type { FeedClient, LiveFeed, Subscription } from './feed';
import { activeConfigs, poolKeyPrefix } from './pools';
import {
  errorFrame,
  frame,
  parseClientMessage,
  pongFrame,
  readChainId,
  readNonEmptyString,
  WS_CODE,
} from './ws-protocol';

interface PoolFields {
  chainType: string;
  chainId: number;
  poolAddress: string;
}

function readPoolFields(data: unknown): PoolFields | null {
  if (!isRecord(data)) return null;
  const chainType = readNonEmptyString(data.chain_type);
  const chainId = readChainId(data.chain_id);
  const poolAddress = readNonEmptyString(data.pool_address);
  if (chainType === null || chainId === null || poolAddress === null) return null;
  return { chainType: normalizeChainType(chainType), chainId, poolAddress };
}

/** Missing, empty, not an array, or nothing valid in it: all nine. Invalid entries are dropped silently. */
function readIntervals(value: unknown): KlineInterval[] {
  if (!Array.isArray(value)) return [...KLINE_INTERVALS];
  const valid = [...new Set(value.filter(isKlineInterval))];
  return valid.length > 0 ? valid : [...KLINE_INTERVALS];
}

export function openKlineSession(peer: WsPeer, feed: LiveFeed, now: () => number): WsSession {
  const client: FeedClient = {
    subscriptions: new Map<string, Subscription>(),
    send: (text) => peer.send(text),
  };
  feed.add(client);
  let open = true;
  const fail = (id: string, code: number, msg: string) =>
    peer.send(errorFrame(id, now(), code, msg));

  const subscribe = (id: string, data: unknown) => {
    const fields = readPoolFields(data);
    if (!fields) return fail(id, WS_CODE.invalid, 'subscribe: missing required fields');
    const matches = activeConfigs(fields.chainType, fields.chainId, fields.poolAddress);
    if (matches.length > 1) return fail(id, WS_CODE.internal, 'subscribe: ambiguous active pool');
    const match = matches[0];
    if (!match) return fail(id, WS_CODE.invalid, 'subscribe: active pool not found');
    const key = `${poolKeyPrefix(fields.chainType, fields.chainId, fields.poolAddress)}${match.side}`;
    const intervals = readIntervals(isRecord(data) ? data.intervals : undefined);
    // Subscribing again to the same pool overwrites its interval set.
    const sub: Subscription = client.subscriptions.get(key) ?? {
      key,
      pool: match.pool,
      side: match.side,
      intervals,
      sent: new Map(),
    };
    sub.intervals = intervals;
    client.subscriptions.set(key, sub);
    peer.send(
      frame(id, now(), 'subscribed', WS_CODE.ok, { key, token: match.side, intervals }, 'ok'),
    );
    feed.subscribed(client, sub);
  };

  const unsubscribe = (id: string, data: unknown) => {
    const fields = readPoolFields(data);
    if (!fields) return fail(id, WS_CODE.invalid, 'unsubscribe: missing required fields');
    const prefix = poolKeyPrefix(fields.chainType, fields.chainId, fields.poolAddress);
    const removed = [...client.subscriptions.keys()].filter((k) => k.startsWith(prefix));
    for (const k of removed) client.subscriptions.delete(k);
    peer.send(
      frame(id, now(), 'unsubscribed', WS_CODE.ok, { key: prefix, removed_keys: removed }, 'ok'),
    );
    feed.unsubscribed();
  };

  return {
    message(text, isBinary) {
      if (!open || isBinary) return;
      const parsed = parseClientMessage(text);
      if (!parsed.ok) return fail(parsed.id, WS_CODE.invalid, parsed.msg);
      const { id, type, data } = parsed.message;
      if (type === 'ping') peer.send(pongFrame(id, now()));
      else if (type === 'subscribe') subscribe(id, data);
      else if (type === 'unsubscribe') unsubscribe(id, data);
      else fail(id, WS_CODE.unknownCommand, `Unknown command: ${type}`);
    },
    closed() {
      open = false;
      client.subscriptions.clear();
      feed.remove(client);
    },
  };
}

/** `/ws/{topic}`: the topic names a server-side instance; nothing but ping/pong happens on it. */
export function openTopicSession(peer: WsPeer, now: () => number): WsSession {
  let open = true;
  return {
    message(text, isBinary) {
      if (!open) return;
      if (isBinary)
        return peer.send(
          errorFrame('', now(), WS_CODE.invalid, 'Binary messages are not supported'),
        );
      const parsed = parseClientMessage(text);
      if (!parsed.ok) return peer.send(errorFrame(parsed.id, now(), WS_CODE.invalid, parsed.msg));
      const { id, type } = parsed.message;
      if (type === 'ping') peer.send(pongFrame(id, now()));
      else peer.send(errorFrame(id, now(), WS_CODE.unknownCommand, `Unknown command: ${type}`));
    },
    closed() {
      open = false;
    },
  };
}
