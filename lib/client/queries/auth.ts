/** Whether this browser may change upstream state (GET /api/auth/session). */
import { queryOptions } from '@tanstack/react-query';

export interface SessionInfo {
  mode: 'simulator' | 'upstream';
  /** DASHBOARD_PASSWORD is set: changes need the admin session */
  passwordSet: boolean;
  signedIn: boolean;
  canChange: boolean;
  /** why changes are refused, when they are */
  reason: string | null;
}

/** Keys of the session: invalidations name them, never by hand. */
export const authKeys = { all: ['auth'] as const, session: ['auth', 'session'] as const };

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: async ({ signal }): Promise<SessionInfo> => {
    const response = await fetch('/api/auth/session', {
      signal,
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as SessionInfo;
  },
  staleTime: 30_000,
});

async function post(
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; message: string }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  }).catch(() => null);
  if (!response)
    return { ok: false, status: 0, message: 'Network error: the dashboard server did not answer.' };
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return {
    ok: response.ok,
    status: response.status,
    message: typeof data?.message === 'string' ? data.message : `HTTP ${response.status}`,
  };
}

/** Signs in; a refusal throws with the route's own message (a mutation's error). */
export async function login(password: string): Promise<void> {
  const result = await post('/api/auth/login', { password });
  if (!result.ok) throw new Error(result.message);
}

export async function logout(): Promise<void> {
  await post('/api/auth/logout');
}
