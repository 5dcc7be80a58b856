/**
 * `fetch` stubbed for the forms' component tests: the gateway's session route and the tx service's
 * `/api/tx/v1/...` routes, each answered by a test-chosen handler, in the tx envelope
 * (`{ code, message, data }`), so the forms' real query factories and mutations run. An unrouted
 * call is a 404 envelope: a test sees an unexpected call as a failure, not a hang.
 */
import { vi } from 'vitest';

export interface Reply {
  status?: number;
  body: unknown;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** An answer the test gives when it chooses (to hold a mutation pending). */
export function later(): { reply: Promise<Reply>; answer: (reply: Reply) => void } {
  let answer!: (reply: Reply) => void;
  const reply = new Promise<Reply>((resolve) => (answer = resolve));
  return { reply, answer };
}

export const ok = (data: unknown): Reply => ({ body: { code: 0, message: 'ok', data } });

/** Changes allowed (the demo sandbox), as `/api/auth/session` says it. */
const OPEN_SESSION = {
  mode: 'simulator',
  passwordSet: false,
  signedIn: false,
  canChange: true,
  reason: null,
};

export function stubGateway(
  routes: [method: string, path: RegExp, answer: (call: Call) => Reply | Promise<Reply>][],
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/tx\/v1/, '') + url.search;
    const call: Call = {
      method,
      path,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const reply =
      url.pathname === '/api/auth/session'
        ? { body: OPEN_SESSION }
        : await routes.find(([m, p]) => m === method && p.test(path))?.[2](call);
    const { status, body } = reply ?? {
      status: 404,
      body: { code: 404, message: `no route for ${method} ${path}`, data: null },
    };
    return new Response(JSON.stringify(body), {
      status: status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
