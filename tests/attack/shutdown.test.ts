/**
 * SIGTERM to an instance with open streams (a rolling deploy): each stream ends with a reconnect hint
 * and the process exits within 10 s, instead of streaming on until its kill timeout.
 */
import { afterAll, expect, it } from 'vitest';
import { App } from './support/servers';

const app = new App({});
afterAll(() => app.stop());

it('open streams end with a retry hint and the process exits within 10 s of SIGTERM', async () => {
  await app.start();
  const topic = 'ohlcv:evm:1:0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640:1m';
  const streams = await Promise.all(
    [0, 1, 2].map(async () => {
      const r = await fetch(`${app.url}/api/stream?topic=${encodeURIComponent(topic)}`);
      expect(r.status).toBe(200);
      const reader = r.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const ended = (async () => {
        for (;;) {
          const { done, value } = await reader
            .read()
            .catch(() => ({ done: true, value: undefined }));
          if (done) return text;
          text += decoder.decode(value);
        }
      })();
      return { ended, text: () => text };
    }),
  );
  // The streams are live: the first candle arrived on each.
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !streams.every((s) => s.text().includes('event: ohlcv')))
    await new Promise((r) => setTimeout(r, 100));
  expect(streams.every((s) => s.text().includes('event: ohlcv'))).toBe(true);

  const started = Date.now();
  const exited = app.signal('SIGTERM');
  const texts = await Promise.all(streams.map((s) => s.ended));
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toMatch(/retry: 250\n\n$/);
  const code = await exited;
  const took = Date.now() - started;
  // A clean exit: 0, not a kill by the signal (128+) and not still running (null).
  expect(code).toBe(0);
  expect(took).toBeLessThan(10_000);
  console.log(
    `[attack] SIGTERM with 3 open streams: streams ended and the process exited in ${took} ms`,
  );
});
