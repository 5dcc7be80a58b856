'use client';
import { useEffect } from 'react';
import { streamClient } from '@/lib/client/stream';

const noop = () => undefined;

/**
 * Follows every chart's topic from the desk's first render, in one go: the tab's one stream then
 * opens once with all of them (lib/client/stream.ts gathers the topics of one moment into one
 * opening), while the charts, created one after another, find their topics already followed.
 */
export function useDeskTopics(topics: readonly string[]): void {
  const key = [...new Set(topics)].sort().join('|');
  useEffect(() => {
    if (!key) return;
    const client = streamClient();
    const leave = key.split('|').map((topic) => client.subscribe(topic, noop));
    return () => leave.forEach((off) => off());
  }, [key]);
}
