/**
 * README promises that had no test: the health answer (200 up, 503 down, never the key or the
 * upstream URL), the embed's framing rule from EMBED_ALLOWED_ORIGINS, and the replay bound of the
 * stream (256 events per topic).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/lib/config/env';
import { embedAncestors } from '@/lib/server/security/headers';
import { EventLog } from '@/lib/server/stream/event-log';
import { closedPortUrl, startRecordingSim, type RecordingUpstream } from '../../support/upstream';

const KEY = 'health-key-8c1d2e3f4a';
let upstream: RecordingUpstream;

beforeAll(async () => {
  upstream = await startRecordingSim(KEY);
});
afterAll(async () => {
  await upstream.close();
});

async function health(base: string) {
  Object.assign(process.env, { UPSTREAM_BASE_URL: base, UPSTREAM_API_KEY: KEY });
  vi.resetModules();
  (await import('@/lib/observe/log')).setLogSink(() => undefined);
  const { GET } = await import('@/app/api/health/route');
  const r = await GET(new Request('http://dash.test/api/health'));
  const text = await r.text();
  const headers = [...r.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  (await import('@/lib/observe/log')).setLogSink(null);
  return { status: r.status, text, headers, body: JSON.parse(text) as Record<string, unknown> };
}

describe('/api/health', () => {
  it('200 with every service up; 503 with the upstream down; never the key or the URL', async () => {
    const up = await health(upstream.url);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({
      status: 'ok',
      mode: 'upstream',
      services: { price: { status: 'up' }, tx: { status: 'up' }, kline: { status: 'up' } },
    });
    const closed = await closedPortUrl();
    const down = await health(closed);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'down', services: { price: { status: 'down' } } });
    for (const answer of [up, down]) {
      const all = `${answer.headers}\n${answer.text}`;
      expect(all).not.toContain(KEY);
      expect(all).not.toContain(new URL(upstream.url).host);
      expect(all).not.toContain(new URL(closed).host);
    }
  });
});

describe('EMBED_ALLOWED_ORIGINS', () => {
  it('frames /embed/* for any origin when unset or *, for exactly the listed origins otherwise', () => {
    expect(embedAncestors(parseEnv({}).EMBED_ALLOWED_ORIGINS)).toBe('*');
    expect(embedAncestors(parseEnv({ EMBED_ALLOWED_ORIGINS: '*' }).EMBED_ALLOWED_ORIGINS)).toBe(
      '*',
    );
    const listed = parseEnv({
      EMBED_ALLOWED_ORIGINS: 'https://News.example/, https://*.partner.example',
    }).EMBED_ALLOWED_ORIGINS;
    expect(embedAncestors(listed)).toBe('https://news.example https://*.partner.example');
  });
});

describe('stream replay bound', () => {
  it('replays exactly what was missed within the last 256 events of a topic, and says resync beyond', () => {
    const log = new EventLog(256);
    const ids: string[] = [];
    for (let i = 0; i < 300; i++) {
      ids.push(
        log.append('ohlcv:t', 'status', { service: 'kline', state: String(i), detail: null }).id,
      );
    }
    // Missed the last 100: all of them, in order, complete.
    const recent = log.since(ids[199]!, ['ohlcv:t']);
    expect(recent.complete).toBe(true);
    expect(recent.events.map((e) => e.id)).toEqual(ids.slice(200));
    // Missed 299: only the last 256 are kept, so the replay is incomplete (the client refills).
    const old = log.since(ids[0]!, ['ohlcv:t']);
    expect(old.complete).toBe(false);
    expect(old.events).toHaveLength(256);
    expect(old.events[0]?.id).toBe(ids[44]);
    // An id from another process (or restart) cannot be replayed.
    expect(log.since('otherboot.5', ['ohlcv:t'])).toEqual({ events: [], complete: false });
  });
});
