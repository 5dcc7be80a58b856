import { afterAll, describe, expect, it, vi } from 'vitest';
import { FailureLimiter } from '@/lib/auth/rate-limit';

const PASSWORD = 'correct horse battery staple';

async function load(env: Record<string, string | undefined>) {
  for (const key of [
    'UPSTREAM_BASE_URL',
    'UPSTREAM_API_KEY',
    'DASHBOARD_PASSWORD',
    'SESSION_SECRET',
  ])
    delete process.env[key];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  vi.resetModules();
  const login = await import('@/lib/auth/login');
  const access = await import('@/lib/auth/access');
  const session = await import('@/lib/auth/session');
  return { ...login, ...access, session };
}

const req = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`http://dash.test${path}`, {
    method: 'POST',
    ...init,
    headers: { host: 'dash.test', ...init.headers },
  });
const loginReq = (password: string, headers: Record<string, string> = {}) =>
  req('/api/auth/login', {
    body: JSON.stringify({ password }),
    headers: { 'content-type': 'application/json', ...headers },
  });

afterAll(() => {
  delete process.env.DASHBOARD_PASSWORD;
  vi.resetModules();
});

describe('failed sign-in limiter', () => {
  it('lets a few failures through, then makes the client wait until the window ends', () => {
    const l = new FailureLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) l.fail('a', 1000);
    expect(l.blockedFor('a', 2000)).toBe(59_000);
    expect(l.blockedFor('b', 2000)).toBe(0);
    expect(l.blockedFor('a', 61_000)).toBe(0);
  });
});

describe('admin session', () => {
  it('sign-in sets an httpOnly, SameSite=Lax, signed cookie (Secure over https) that opens changes', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    expect(await m.accessOf(req('/'))).toMatchObject({
      canChange: false,
      status: 401,
      passwordSet: true,
    });
    const ok = await m.handleLogin(loginReq(PASSWORD, { 'x-forwarded-proto': 'https' }));
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^pulse_admin=admin\.\d+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    const token = cookie.split(';')[0]!;
    expect(await m.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
      canChange: true,
      signedIn: true,
    });
    // a tampered token is no session
    expect(
      await m.accessOf(req('/', { headers: { cookie: `${token.slice(0, -2)}xx` } })),
    ).toMatchObject({ canChange: false });
    const plain = await m.handleLogin(loginReq(PASSWORD));
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('a wrong password is 401, then 429 after a few; cross-origin sign-in is 403', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i++)
      expect((await m.handleLogin(loginReq('guess', ip))).status).toBe(401);
    const limited = await m.handleLogin(loginReq(PASSWORD, ip));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(
      (await m.handleLogin(loginReq(PASSWORD, { origin: 'https://evil.example' }))).status,
    ).toBe(403);
  });

  it('without DASHBOARD_PASSWORD: open on the simulator, refused on a real upstream with how to enable', async () => {
    const sim = await load({});
    expect(await sim.accessOf(req('/'))).toMatchObject({ mode: 'simulator', canChange: true });
    expect((await sim.handleLogin(loginReq('x'))).status).toBe(409);
    const real = await load({
      UPSTREAM_BASE_URL: 'https://api.example.com',
      UPSTREAM_API_KEY: 'k',
    });
    const a = await real.accessOf(req('/'));
    expect(a).toMatchObject({ mode: 'upstream', canChange: false, status: 403 });
    expect(a.reason).toMatch(/DASHBOARD_PASSWORD/);
  });

  it('sign-out clears the cookie', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const r = await m.handleLogout(req('/api/auth/logout'));
    expect(r.headers.get('set-cookie')).toMatch(/^pulse_admin=; .*Max-Age=0/);
  });
});
