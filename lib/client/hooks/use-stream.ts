'use client';
/** React hooks over the tab's one stream (lib/client/stream.ts). */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { topicKey } from '../../contracts/stream/topics';
import {
  liveInterrupted,
  streamClient,
  type StreamMessage,
  type StreamMessageOf,
  type StreamStatus,
} from '../stream';

/** Follows `topic` while mounted (null follows nothing). The handler may change between renders. */
function useStreamTopic(topic: string | null, handler: (message: StreamMessage) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!topic) return;
    return streamClient().subscribe(topic, (m) => ref.current(m));
  }, [topic]);
}

const idle: StreamStatus = { state: 'idle', services: {}, lastEventAt: null };

export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => streamClient().onStatus(listener),
    () => streamClient().getStatus(),
    () => idle,
  );
}

export interface Pool {
  chainType: string;
  chainId: number | string;
  address: string;
}

/** Every matched transaction of the app's monitored addresses (and of `watch`, for this tab only). */
export function useTransactionStream(
  handler: (message: StreamMessageOf<'transaction'>) => void,
  watch?: { chainType: string; address: string } | null,
): void {
  const onMessage = (m: StreamMessage) => {
    if (m.kind !== 'event' || m.event === 'transaction') handler(m);
  };
  useStreamTopic(topicKey.tx, onMessage);
  useStreamTopic(watch ? topicKey.watch(watch.chainType, watch.address) : null, onMessage);
}

/** New trades of a pool, as the server's poller sees them. */
export function useTradesStream(
  pool: Pool | null,
  handler: (message: StreamMessageOf<'trade'>) => void,
): void {
  const topic = pool ? topicKey.trades(pool.chainType, pool.chainId, pool.address) : null;
  useStreamTopic(topic, (m) => {
    if (m.kind !== 'event' || m.event === 'trade') handler(m);
  });
}

const ignore = () => undefined;

/**
 * Follows a pool's trades and its candles at `interval` without reading them. The readers (a chart
 * whose code loads after hydration, a trades panel rendered later) subscribe when they arrive; a
 * page that names their topics from its first effects has the tab's stream open once with every
 * topic, not again for each reader.
 */
export function usePoolTopics(pool: Pool, interval: string): void {
  useStreamTopic(topicKey.trades(pool.chainType, pool.chainId, pool.address), ignore);
  useStreamTopic(topicKey.ohlcv(pool.chainType, pool.chainId, pool.address, interval), ignore);
}

/**
 * Whether the live data behind `service`'s events is interrupted: the tab's stream is reconnecting,
 * or the server reports that service's upstream link down. Every "live" mark follows it.
 */
export function useLiveInterrupted(service: 'kline' | 'tx' | 'trades'): boolean {
  // A yes or no, not the whole status: another service's news re-renders nothing here.
  return useSyncExternalStore(
    (listener) => streamClient().onStatus(listener),
    () => liveInterrupted(streamClient().getStatus(), service),
    () => false,
  );
}
