import { checkAddress } from '@/lib/core/address';
import { mayRead, SIGN_IN_TO_READ_MESSAGE } from '@/lib/server/auth/access';
import { getEnv, sandboxMode } from '@/lib/config/env';
import { sandboxOf } from '@/lib/server/sandbox/cookie';
import { liveSandbox, whenSandboxMade } from '@/lib/server/sandbox/directory';
import { clientKey } from '@/lib/server/security/client-key';
import { admitStream } from '@/lib/server/stream/limits';
import { eventStreamResponse } from '@/lib/server/stream/sse';
import { getStreamSource } from '@/lib/server/stream/server';
import { MAX_TOPICS, parseTopic, scopedTopic, type Topic } from '@/lib/contracts/stream/topics';
import { withAccessLog } from '@/lib/server/http/access';
import { draining } from '@/lib/server/shutdown';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
/** Vercel ends a function after maxDuration; the stream ends itself a little earlier and the browser reconnects. */
export const maxDuration = 300;

const refuse = (
  status: number,
  error: string,
  message: string,
  extra: { topic?: string; retryAfter?: number } = {},
) =>
  Response.json(
    { error, message, ...(extra.topic !== undefined ? { topic: extra.topic } : {}) },
    {
      status,
      headers: {
        'cache-control': 'no-store',
        ...(extra.retryAfter !== undefined ? { 'retry-after': String(extra.retryAfter) } : {}),
      },
    },
  );

/** `GET /api/stream?topic=...&topic=...`: one EventSource per tab, carrying every topic it needs. */
async function getHandler(request: Request) {
  if (draining())
    return refuse(503, 'shutting_down', 'This server is shutting down: reconnect.', {
      retryAfter: 1,
    });
  const url = new URL(request.url);
  const raw = [
    ...new Set(
      url.searchParams
        .getAll('topic')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (raw.length === 0)
    return refuse(400, 'bad_topic', 'At least one topic is required, e.g. ?topic=tx');
  if (raw.length > MAX_TOPICS)
    return refuse(
      400,
      'bad_topic',
      `Too many topics: ${raw.length} (at most ${MAX_TOPICS} per stream)`,
    );
  const env = getEnv();
  // A sandboxed visitor's transaction topics are their own application's (lib/contracts/stream/topics.ts);
  // without a sandbox (never made, or dropped) they are the shared demo's.
  const cookieSandbox = sandboxMode(env) ? sandboxOf(request) : null;
  const scope = liveSandbox(cookieSandbox);
  const topics: Topic[] = [];
  for (const text of raw) {
    const parsed = parseTopic(text, checkAddress);
    if (!parsed.ok) return refuse(400, 'bad_topic', parsed.message, { topic: text });
    const topic = scopedTopic(parsed.topic, scope);
    if (!topics.some((t) => t.key === topic.key)) topics.push(topic);
  }
  // DASHBOARD_ACCESS=private: the admin only, but for chart topics with EMBED_PUBLIC=1.
  const chartOnly = topics.every((t) => t.kind === 'ohlcv' || t.kind === 'trades');
  if (!(env.EMBED_PUBLIC === '1' && chartOnly) && !(await mayRead(request))) {
    return refuse(401, 'unauthorized', SIGN_IN_TO_READ_MESSAGE);
  }
  const hub = getStreamSource();
  const admission = await admitStream(clientKey(request), topics, hub);
  if (!admission.ok) {
    return refuse(429, 'rate_limited', admission.message, {
      retryAfter: admission.retryAfterSeconds,
    });
  }
  // The shared demo's transactions, for a visitor whose sandbox is not made yet: when their first
  // change makes it, this stream ends and the browser reconnects at once to their own.
  const rescope =
    cookieSandbox && !scope && topics.some((t) => t.kind === 'tx' || t.kind === 'watch')
      ? new AbortController()
      : null;
  const stopWaiting =
    cookieSandbox && rescope ? whenSandboxMade(cookieSandbox, () => rescope.abort()) : () => {};
  return eventStreamResponse({
    hub,
    topics: admission.topics,
    refused: admission.refused,
    lastEventId: request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'),
    signal: rescope ? AbortSignal.any([request.signal, rescope.signal]) : request.signal,
    maxMs: (maxDuration - 10) * 1000,
    onClose: () => {
      stopWaiting();
      admission.release();
    },
  });
}

export const GET = withAccessLog('stream', getHandler);
