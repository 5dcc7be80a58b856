/**
 * Topics of the browser stream (`/api/stream?topic=...`), parsed and put in one canonical form, so
 * that the server's subscriptions and the browser's listeners use the same keys. Shared by server
 * and browser: no server-only imports here.
 *
 *   ohlcv:{chain_type}:{chain_id}:{pool_address}:{interval}
 *   tx
 *   tx:{chain_type}:{address}
 *   trades:{chain_type}:{chain_id}:{pool_address}
 */
import { addressFamily, type AddressCheck, type AddressFamily } from '../../core/address/family';
import { KLINE_INTERVALS, type KlineInterval } from '../kline/endpoints';
import {
  TX_CHAIN_TYPES,
  isTxChainType,
  normalizeKlineChainType,
  type ChainType,
} from '../chain-types';

export const MAX_TOPICS = 16;

export type Topic =
  | {
      kind: 'ohlcv';
      key: string;
      chainType: ChainType;
      chainId: number;
      pool: string;
      interval: KlineInterval;
    }
  | { kind: 'tx'; key: string; scope?: string }
  | { kind: 'watch'; key: string; chainType: string; address: string; scope?: string }
  | { kind: 'trades'; key: string; chainType: string; chainId: number; pool: string };

export type TopicResult = { ok: true; topic: Topic } | { ok: false; message: string };

/** Validates a watched address; the server passes lib/core/address's full check (checksums, Base58). */
export type AddressChecker = (family: AddressFamily, address: string) => AddressCheck;

/**
 * The browser's check: the shape only. Its topic keys come from parseTopic too, and the full check
 * (keccak, sha256, Base58 decoding) would add ~11 KB to every page, the embedded widget included;
 * the server checks every topic fully before any upstream work.
 */
const shapeOnly: AddressChecker = (family, address) =>
  (family === 'evm' ? /^0x[0-9a-fA-F]{40}$/ : /^[A-Za-z0-9]{20,100}$/).test(address)
    ? { ok: true, normalized: address }
    : { ok: false, reason: `not a ${family} address` };

const POOL_RE = /^[A-Za-z0-9._-]{1,200}$/;

function poolKey(chainType: string, pool: string): string {
  // Hex addresses carry no meaning in their case; the kline service lowercases its pool keys.
  return /^0x[0-9a-fA-F]+$/.test(pool) ? pool.toLowerCase() : pool;
}

/** Why a pool topic's chain id and pool address are refused (null: they are not). */
function poolProblem(
  chainType: ChainType | null,
  rawId: string | undefined,
  pool: string,
): string | null {
  if (!rawId || !/^\d{1,12}$/.test(rawId))
    return `chain id must be a non-negative integer, got "${rawId ?? ''}"`;
  if (!POOL_RE.test(pool)) return `malformed pool address "${pool}"`;
  if (chainType === 'evm' && !/^0x[0-9a-fA-F]{40}$/.test(pool)) {
    return `malformed pool address "${pool}" (an EVM pool is 0x and 40 hex digits)`;
  }
  return null;
}

/**
 * The server's view of a transaction topic in a demo sandbox: the sandbox's own application, under a
 * key of its own, so that two visitors' `tx` streams never share a channel, a replay buffer or an
 * upstream socket. Market topics (ohlcv, trades) are the same for everyone.
 */
export function scopedTopic(topic: Topic, scope: string | null): Topic {
  if (!scope || (topic.kind !== 'tx' && topic.kind !== 'watch')) return topic;
  return { ...topic, key: `${topic.key}@${scope}`, scope };
}

export function parseTopic(raw: string, checkAddress: AddressChecker = shapeOnly): TopicResult {
  const text = raw.trim();
  const parts = text.split(':');
  const kind = parts[0];
  const bad = (why: string): TopicResult => ({ ok: false, message: `Topic "${text}": ${why}` });

  if (kind === 'tx' && parts.length === 1)
    return { ok: true, topic: { kind: 'tx', key: topicKey.tx } };

  if (kind === 'ohlcv') {
    if (parts.length !== 5)
      return bad('expected ohlcv:{chain_type}:{chain_id}:{pool_address}:{interval}');
    const [, rawType = '', rawId, pool = '', interval = ''] = parts;
    const chainType = normalizeKlineChainType(rawType);
    if (!chainType) return bad(`unknown chain type "${rawType}"`);
    const problem = poolProblem(chainType, rawId, pool);
    if (problem) return bad(problem);
    const chainId = Number(rawId);
    if (!(KLINE_INTERVALS as readonly string[]).includes(interval)) {
      return bad(`unknown interval "${interval}" (one of ${KLINE_INTERVALS.join(', ')})`);
    }
    const key = topicKey.ohlcv(chainType, chainId, pool, interval);
    return {
      ok: true,
      topic: { kind: 'ohlcv', key, chainType, chainId, pool, interval: interval as KlineInterval },
    };
  }

  if (kind === 'tx') {
    if (parts.length !== 3) return bad('expected tx or tx:{chain_type}:{address}');
    const [, rawType = '', address = ''] = parts;
    const chainType = rawType.toLowerCase();
    const family = isTxChainType(chainType) ? addressFamily(chainType) : null;
    if (!family) return bad(`unknown chain type "${rawType}"`);
    const check = checkAddress(family, address);
    if (!check.ok) return bad(`malformed address "${address}": ${check.reason}`);
    return {
      ok: true,
      topic: { kind: 'watch', key: topicKey.watch(chainType, address), chainType, address },
    };
  }

  if (kind === 'trades') {
    if (parts.length !== 4) return bad('expected trades:{chain_type}:{chain_id}:{pool_address}');
    const [, rawType = '', rawId, pool = ''] = parts;
    // The trades endpoint is the tx service's: it takes its chain names (ethereum) or standard ones (evm).
    const chainType = rawType.toLowerCase();
    const standard = TX_CHAIN_TYPES[chainType] ?? normalizeKlineChainType(chainType);
    if (!standard) return bad(`unknown chain type "${rawType}"`);
    const problem = poolProblem(standard, rawId, pool);
    if (problem) return bad(problem);
    const chainId = Number(rawId);
    return {
      ok: true,
      topic: {
        kind: 'trades',
        key: topicKey.trades(chainType, chainId, pool),
        chainType,
        chainId,
        pool,
      },
    };
  }

  return bad(`unknown kind "${kind ?? ''}" (ohlcv, tx or trades)`);
}

/**
 * The one place topic keys are written (the browser's subscriptions, the hub's channels, the
 * candles and errors it relays). Parts are put in canonical form: a standard chain type for
 * candles, lowercase hex addresses.
 */
export const topicKey = {
  ohlcv: (chainType: string, chainId: number | string, pool: string, interval: string): string => {
    const type = normalizeKlineChainType(chainType) ?? chainType;
    return `ohlcv:${type}:${chainId}:${poolKey(type, pool)}:${interval}`;
  },
  trades: (chainType: string, chainId: number | string, pool: string): string => {
    const type = chainType.toLowerCase();
    return `trades:${type}:${chainId}:${poolKey(type, pool)}`;
  },
  /** a tx chain name (`ethereum`, `bsc`, `evm`, ...) and an address of it */
  watch: (chainType: string, address: string): string => {
    const type = chainType.toLowerCase();
    return `tx:${type}:${TX_CHAIN_TYPES[type] === 'evm' ? address.toLowerCase() : address}`;
  },
  tx: 'tx',
} as const;

/** Canonical key of the ohlcv topic an upstream candle belongs to. */
export function ohlcvKeyOf(candle: {
  chain_type: string | null;
  chain_id: number | null;
  pool_address: string;
  interval: string;
}): string {
  return topicKey.ohlcv(
    candle.chain_type ?? '',
    candle.chain_id ?? '',
    candle.pool_address,
    candle.interval,
  );
}
