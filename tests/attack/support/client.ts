/** How the attack tests talk to an app: fetch with an Origin of choice, sign-in, streams. */
import { readSse, type SseReader } from '../../support/sse';

export function api(base: string) {
  const origin = base;
  return {
    origin,
    async json(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
      const r = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          ...(init.method && init.method !== 'GET'
            ? { origin, 'content-type': 'application/json' }
            : {}),
          ...init.headers,
        },
      });
      const text = await r.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: r.status, headers: r.headers, body: body as Record<string, unknown>, text };
    },
  };
}

/** The admin's cookie (`name=value`) after a sign-in through the login endpoint. */
export async function signIn(base: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (r.status !== 200) throw new Error(`sign-in failed: HTTP ${r.status} ${await r.text()}`);
  return (r.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The demo sandbox cookie a first page view hands out (proxy.ts). */
export async function visitor(base: string): Promise<string> {
  const r = await fetch(`${base}/wallets`, { redirect: 'manual' });
  await r.arrayBuffer();
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith('pulse_demo='));
  if (!cookie) throw new Error('no sandbox cookie on the first page view');
  return cookie.split(';')[0]!;
}

export interface Stream {
  status: number;
  headers: Headers;
  body: string;
  sse: SseReader | null;
  close(): Promise<void>;
}

export async function openStream(
  base: string,
  topics: string[],
  headers: Record<string, string> = {},
): Promise<Stream> {
  const controller = new AbortController();
  const query = topics.map((t) => `topic=${encodeURIComponent(t)}`).join('&');
  const r = await fetch(`${base}/api/stream?${query}`, { headers, signal: controller.signal });
  if (r.status !== 200) {
    return {
      status: r.status,
      headers: r.headers,
      body: await r.text(),
      sse: null,
      close: async () => undefined,
    };
  }
  const sse = readSse(r);
  return {
    status: r.status,
    headers: r.headers,
    body: '',
    sse,
    async close() {
      controller.abort();
      await sse.cancel().catch(() => undefined);
    },
  };
}

/** Polls `probe` until it returns a value (not undefined); fails with `label` after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  label: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
