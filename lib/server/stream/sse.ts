/**
 * One browser stream as Server-Sent Events: replay after `Last-Event-ID`, the link status, then live
 * events of its topics; a comment heartbeat so idle proxies keep it open; an end before the
 * platform's time limit (the browser reconnects with `Last-Event-ID`); clean-up on abort and cancel.
 */
import { log } from '../../observe/log';
import { metrics } from '../../observe/metrics';
import { txIdentity } from '../../contracts/tx/identity';
import type { LiveError } from '../../contracts/stream/events';
import type { LoggedEvent } from './event-log';
import type { StreamSource } from './source';
import type { Topic } from '../../contracts/stream/topics';

export interface StreamOptions {
  /** the process's hub, or the cluster's (lib/server/cluster/hub.ts) */
  hub: StreamSource;
  topics: readonly Topic[];
  lastEventId: string | null;
  signal: AbortSignal;
  /** the stream ends itself after this long (below the function's maxDuration) */
  maxMs: number;
  heartbeatMs?: number;
  /** bytes queued for a client that does not read before it is dropped */
  maxQueuedBytes?: number;
  /** called once when the stream ends, however it ends (the stream limits release their hold) */
  onClose?: () => void;
  /** topics refused one by one at admission (an unknown pool): an `error` event each, first */
  refused?: readonly LiveError[];
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

/** Encoded once per event, however many streams carry it. */
function frame(e: LoggedEvent): Uint8Array {
  // An event without an id (a note of this server's own) leaves the tab's Last-Event-ID as it was.
  e.bytes ??= encoder.encode(
    `${e.id ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${e.data}\n\n`,
  );
  return e.bytes;
}

/**
 * One timer for every open stream (not two per stream): it sends the comment heartbeat and ends
 * streams that reached their time limit.
 */
interface Live {
  push(bytes: Uint8Array): void;
  close(): void;
  endsAt: number;
  nextBeatAt: number;
  beatMs: number;
}
// On globalThis: instrumentation.ts (the shutdown) and the route handlers are separate bundles.
const LIVE = Symbol.for('pulse.live-streams');
const live: Set<Live> = ((globalThis as { [LIVE]?: Set<Live> })[LIVE] ??= new Set());

/**
 * Ends every open stream with a short `retry` hint, so each tab reconnects at once (to another
 * instance, resuming by `Last-Event-ID`). Used when the server shuts down.
 */
export function endAllStreams(): number {
  const hint = encoder.encode('retry: 250\n\n');
  const open = [...live];
  for (const s of open) {
    s.push(hint);
    s.close();
  }
  return open.length;
}
let sweeper: NodeJS.Timeout | null = null;

function track(entry: Live): () => void {
  live.add(entry);
  if (!sweeper) {
    sweeper = setInterval(() => {
      const now = Date.now();
      for (const s of live) {
        if (now >= s.endsAt) s.close();
        else if (now >= s.nextBeatAt) {
          s.nextBeatAt = now + s.beatMs;
          s.push(HEARTBEAT);
        }
      }
    }, 1000);
    sweeper.unref?.();
  }
  return () => {
    live.delete(entry);
    if (live.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };
}

export function eventStreamResponse(options: StreamOptions): Response {
  const { hub, topics, signal } = options;
  let cleanup = () => undefined as void;

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        const recentTx: string[] = [];
        const close = () => {
          if (closed) return;
          closed = true;
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed by the consumer
          }
        };
        const push = (bytes: Uint8Array) => {
          if (closed) return;
          controller.enqueue(bytes);
          // A client that stopped reading is dropped; it reconnects and replays from its last id.
          if ((controller.desiredSize ?? 0) < 0) {
            metrics().slowClients.inc();
            log().warn({ topics: topics.length }, 'stream cut: the client stopped reading');
            close();
          }
        };
        const session = {
          write(e: LoggedEvent) {
            if (e.event === 'transaction') {
              // A transaction can reach one stream through `tx` and a watch topic: send it once.
              const key = txKey(e.data);
              if (recentTx.includes(key)) return;
              recentTx.push(key);
              if (recentTx.length > 512) recentTx.shift();
            }
            push(frame(e));
          },
        };

        const openedAt = Date.now();
        metrics().streamsOpen.inc();
        metrics().streamOpens.inc();
        log().info(
          { topics: topics.length, kinds: [...new Set(topics.map((t) => t.kind))].join(',') },
          'stream opened',
        );
        push(encoder.encode('retry: 2000\n\n'));
        // No id: a refusal is not part of the replayable sequence (Last-Event-ID stays as it was).
        for (const error of options.refused ?? [])
          push(frame({ seq: 0, id: '', event: 'error', data: JSON.stringify(error) }));
        const unfollow = hub.attach(topics, session, options.lastEventId);

        const beatMs = options.heartbeatMs ?? 15_000;
        const untrack = track({
          push,
          close,
          endsAt: Date.now() + options.maxMs,
          nextBeatAt: Date.now() + beatMs,
          beatMs,
        });
        const onAbort = () => close();
        signal.addEventListener('abort', onAbort, { once: true });
        let released = false;
        cleanup = () => {
          if (released) return;
          released = true;
          metrics().streamsOpen.dec();
          log().info({ duration_ms: Date.now() - openedAt }, 'stream closed');
          untrack();
          signal.removeEventListener('abort', onAbort);
          unfollow();
          options.onClose?.();
        };
        // closed while starting (a replay that overflowed the queue, an early abort): clean up now
        if (closed) cleanup();
        else if (signal.aborted) close();
      },
      cancel() {
        cleanup();
      },
    },
    { highWaterMark: options.maxQueuedBytes ?? 1_000_000, size: (chunk) => chunk.byteLength },
  );

  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}

function txKey(data: string): string {
  try {
    return txIdentity(JSON.parse(data) as Record<string, unknown>);
  } catch {
    return data;
  }
}
