import { checkAddress } from '@/lib/address';
import { eventStreamResponse } from '@/lib/stream/sse';
import { getStreamHub } from '@/lib/stream/server';
import { MAX_TOPICS, parseTopic, type Topic } from '@/lib/stream/topics';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
/** Vercel ends a function after maxDuration; the stream ends itself a little earlier and the browser reconnects. */
export const maxDuration = 300;

const refuse = (message: string, topic?: string) =>
  Response.json(
    { error: 'bad_topic', message, ...(topic !== undefined ? { topic } : {}) },
    { status: 400, headers: { 'cache-control': 'no-store' } },
  );

/** `GET /api/stream?topic=...&topic=...`: one EventSource per tab, carrying every topic it needs. */
export function GET(request: Request) {
  const url = new URL(request.url);
  const raw = [
    ...new Set(
      url.searchParams
        .getAll('topic')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (raw.length === 0) return refuse('At least one topic is required, e.g. ?topic=tx');
  if (raw.length > MAX_TOPICS)
    return refuse(`Too many topics: ${raw.length} (at most ${MAX_TOPICS} per stream)`);
  const topics: Topic[] = [];
  for (const text of raw) {
    const parsed = parseTopic(text, checkAddress);
    if (!parsed.ok) return refuse(parsed.message, text);
    if (!topics.some((t) => t.key === parsed.topic.key)) topics.push(parsed.topic);
  }
  return eventStreamResponse({
    hub: getStreamHub(),
    topics,
    lastEventId: request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'),
    signal: request.signal,
    maxMs: (maxDuration - 10) * 1000,
  });
}
