/** Opens browser streams against the real route handler, on a hub wired to a recording simulator. */
import { vi } from 'vitest';
import type { HubOptions, StreamHub } from '@/lib/server/stream/hub';
import { readSse, type SseReader } from './sse';
import type { RecordingUpstream } from './upstream';

interface OpenStream {
  response: Response;
  sse: SseReader;
  close(): Promise<void>;
}

export interface StreamHarness {
  hub: StreamHub;
  open(topics: string[], headers?: Record<string, string>): Promise<OpenStream>;
  /** frames the hub sent upstream of one type on one socket path */
  frames(type: string, pathPart: string): Record<string, unknown>[];
  stop(): Promise<void>;
}

export async function startStreamHarness(
  upstream: Pick<RecordingUpstream, 'url' | 'key' | 'frames'>,
  options: Partial<HubOptions> = {},
): Promise<StreamHarness> {
  process.env.UPSTREAM_BASE_URL = upstream.url;
  process.env.UPSTREAM_API_KEY = upstream.key;
  // These tests open hundreds of streams from one (test) client; the limits have tests of their own.
  process.env.STREAM_OPENS_PER_MIN = '1000000';
  process.env.STREAM_MAX_PER_CLIENT = '10000';
  process.env.STREAM_MAX_TOPICS_PER_CLIENT = '10000';
  vi.resetModules();
  const server = await import('@/lib/server/stream/server');
  const hub = server.createStreamHub({
    lingerMs: 200,
    pingEveryMs: 2000,
    pongTimeoutMs: 2000,
    backoffBaseMs: 50,
    tradesEveryMs: 300,
    ...options,
  });
  server.setStreamHub(hub);
  const route = await import('@/app/api/stream/route');

  return {
    hub,
    async open(topics, headers = {}) {
      const controller = new AbortController();
      const query = topics.map((t) => `topic=${encodeURIComponent(t)}`).join('&');
      const response = await route.GET(
        new Request(`http://dash.test/api/stream?${query}`, { signal: controller.signal, headers }),
      );
      const sse = response.status === 200 ? readSse(response) : readSse(new Response(''));
      return {
        response,
        sse,
        async close() {
          controller.abort();
          await sse.cancel();
        },
      };
    },
    frames(type, pathPart) {
      return upstream.frames
        .filter((f) => f.path.includes(pathPart) && f.message?.type === type)
        .map((f) => f.message as Record<string, unknown>);
    },
    async stop() {
      server.setStreamHub(undefined);
    },
  };
}

export async function waitUntil(
  condition: () => boolean,
  timeoutMs = 5000,
  label = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
