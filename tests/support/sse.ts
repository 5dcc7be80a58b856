/** Reads a Server-Sent Events response the way a browser would, for assertions. */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseReader {
  events: EventSourceMessage[];
  /** resolves with the first event (already received or future) that matches */
  waitFor(
    predicate: (e: EventSourceMessage) => boolean,
    timeoutMs?: number,
    label?: string,
  ): Promise<EventSourceMessage>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  cancel(): Promise<void>;
}

export function readSse(response: Response): SseReader {
  if (!response.body) throw new Error('no body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent(event) {
      events.push(event);
      for (const w of [...waiters]) w();
    },
  });
  const ended = (async () => {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        break;
      }
      if (chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
  })();

  return {
    events,
    ended,
    waitFor(predicate, timeoutMs = 10_000, label = 'event') {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(predicate);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${label}; got ${events.length} events: ${events
                .slice(-5)
                .map((e) => e.event)
                .join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
      });
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

export function json<T = Record<string, unknown>>(e: EventSourceMessage): T {
  return JSON.parse(e.data) as T;
}
