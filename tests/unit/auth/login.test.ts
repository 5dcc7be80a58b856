import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const PASSWORD = 'correct horse battery staple';

async function load(env: Record<string, string | undefined>) {
  for (const key of [
    'UPSTREAM_BASE_URL',
    'UPSTREAM_API_KEY',
    'DASHBOARD_PASSWORD',
    'SESSION_SECRET',
    'TRUSTED_PROXY_HOPS',
    'ALLOWED_HOSTS',
    'LOGIN_MAX_CONCURRENT',
    'DASHBOARD_ACCESS',
  ])
    delete process.env[key];
  process.env.ALLOWED_HOSTS = 'dash.test';
  // Sign-outs are kept in the data directory: one of this test's own, never the repository's.
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'pulse-login-'));
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  vi.resetModules();
  (await import('@/lib/server/security/limits')).setLimitStore(null);
  (await import('@/lib/server/auth/revocation')).setRevocationStore(undefined);
  const login = await import('@/lib/server/auth/login');
  const access = await import('@/lib/server/auth/access');
  const session = await import('@/lib/server/auth/session');
  const envModule = await import('@/lib/config/env');
  return { ...login, ...access, session, env: envModule };
}

const req = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request(`http://dash.test${path}`, {
    method: 'POST',
    ...init,
    headers: { host: 'dash.test', origin: 'http://dash.test', ...init.headers },
  });
const loginReq = (password: string, headers: Record<string, string> = {}) =>
  req('/api/auth/login', {
    body: JSON.stringify({ password }),
    headers: { 'content-type': 'application/json', ...headers },
  });
const tokenOf = (r: Response) => (r.headers.get('set-cookie') ?? '').split(';')[0]!;

afterAll(() => {
  delete process.env.DATA_DIR;
  delete process.env.DASHBOARD_PASSWORD;
  delete process.env.ALLOWED_HOSTS;
  vi.resetModules();
});

describe('admin session', () => {
  it('sign-in sets an httpOnly, SameSite=Lax, signed cookie that opens changes; over plain HTTP it is pulse_admin without Secure', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    expect(await m.accessOf(req('/'))).toMatchObject({
      canChange: false,
      status: 401,
      passwordSet: true,
    });
    const ok = await m.handleLogin(loginReq(PASSWORD));
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^pulse_admin=v2\.[\w-]+\.\d+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const token = tokenOf(ok);
    expect(await m.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
      canChange: true,
      signedIn: true,
    });
    // a tampered token is no session
    expect(
      await m.accessOf(req('/', { headers: { cookie: `${token.slice(0, -2)}xx` } })),
    ).toMatchObject({ canChange: false });
  });

  it('a client claiming https (X-Forwarded-Proto) gets no Secure cookie; behind a declared proxy it is __Host- and Secure', async () => {
    const bare = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const claimed = await bare.handleLogin(loginReq(PASSWORD, { 'x-forwarded-proto': 'https' }));
    expect(claimed.headers.get('set-cookie')).toMatch(/^pulse_admin=/);
    expect(claimed.headers.get('set-cookie')).not.toMatch(/Secure/);

    const proxied = await load({ DASHBOARD_PASSWORD: PASSWORD, TRUSTED_PROXY_HOPS: '1' });
    const r = await proxied.handleLogin(
      loginReq(PASSWORD, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' }),
    );
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^__Host-pulse_admin=v2\..*; Path=\/; HttpOnly; SameSite=Lax; .*Secure$/,
    );
    expect(cookie).not.toMatch(/Domain=/);
    const https = { 'x-forwarded-proto': 'https', cookie: tokenOf(r) };
    expect(await proxied.accessOf(req('/', { headers: https }))).toMatchObject({ signedIn: true });
  });

  it('every attempt spends a point before the body is read: 5 guesses, then 429 with Retry-After even for the right password', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await m.handleLogin(loginReq('guess'))).status).toBe(401);
    const limited = await m.handleLogin(loginReq(PASSWORD));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a spoofed X-Forwarded-For does not give a new allowance (the key is not a header the client sets)', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    for (let i = 0; i < 5; i++)
      expect(
        (await m.handleLogin(loginReq('guess', { 'x-forwarded-for': `203.0.113.${i}` }))).status,
      ).toBe(401);
    const spoofed = await m.handleLogin(loginReq(PASSWORD, { 'x-forwarded-for': '192.0.2.99' }));
    expect(spoofed.status).toBe(429);
  });

  it('refuses sign-in without Origin, from another origin, or through a host not on ALLOWED_HOSTS', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const noOrigin = new Request('http://dash.test/api/auth/login', {
      method: 'POST',
      headers: { host: 'dash.test', 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect((await m.handleLogin(noOrigin)).status).toBe(403);
    expect(
      (await m.handleLogin(loginReq(PASSWORD, { origin: 'https://evil.example' }))).status,
    ).toBe(403);
    expect(
      (
        await m.handleLogin(
          loginReq(PASSWORD, { host: 'rebound.example', origin: 'http://rebound.example' }),
        )
      ).status,
    ).toBe(403);
  });

  it('413 on a body over 4 KB, before the password is looked at', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const big = await m.handleLogin(
      req('/api/auth/login', {
        body: JSON.stringify({ password: 'x'.repeat(10_000) }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(big.status).toBe(413);
  });

  it('without DASHBOARD_PASSWORD: a sandbox per visitor on the simulator, refused on a real upstream with how to enable', async () => {
    const sim = await load({});
    expect(await sim.accessOf(req('/'))).toMatchObject({
      mode: 'simulator',
      canChange: true,
      sandbox: true,
    });
    expect((await sim.handleLogin(loginReq('x'))).status).toBe(409);
    const real = await load({
      UPSTREAM_BASE_URL: 'https://api.example.com',
      UPSTREAM_API_KEY: 'k',
    });
    const a = await real.accessOf(req('/'));
    expect(a).toMatchObject({ mode: 'upstream', canChange: false, status: 403, sandbox: false });
    expect(a.reason).toMatch(/DASHBOARD_PASSWORD/);
  });

  it('sign-out clears the cookie and revokes the session: a saved copy of it opens nothing', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const token = tokenOf(await m.handleLogin(loginReq(PASSWORD)));
    const r = await m.handleLogout(req('/api/auth/logout', { headers: { cookie: token } }));
    expect(r.headers.get('set-cookie')).toMatch(/^pulse_admin=; .*Max-Age=0/);
    expect(await m.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
      signedIn: false,
      canChange: false,
    });
  });

  it('a new password ends every session, with SESSION_SECRET set too (the key is derived from both)', async () => {
    const secret = 's'.repeat(40);
    for (const env of [{}, { SESSION_SECRET: secret }]) {
      const before = await load({ DASHBOARD_PASSWORD: PASSWORD, ...env });
      const token = tokenOf(await before.handleLogin(loginReq(PASSWORD)));
      expect(await before.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
        signedIn: true,
      });
      const after = await load({ DASHBOARD_PASSWORD: `${PASSWORD} changed`, ...env });
      expect(await after.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
        signedIn: false,
        canChange: false,
      });
    }
    // the same secret and password keep the session (a restart is not a sign-out)
    const a = await load({ DASHBOARD_PASSWORD: PASSWORD, SESSION_SECRET: secret });
    const token = tokenOf(await a.handleLogin(loginReq(PASSWORD)));
    const b = await load({ DASHBOARD_PASSWORD: PASSWORD, SESSION_SECRET: secret });
    expect(await b.accessOf(req('/', { headers: { cookie: token } }))).toMatchObject({
      signedIn: true,
    });
  });

  it('a session whose sign-out cannot be checked (the store is unreachable) reads on but changes nothing: 503', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD, DASHBOARD_ACCESS: 'private' });
    const token = tokenOf(await m.handleLogin(loginReq(PASSWORD)));
    const revocation = await import('@/lib/server/auth/revocation');
    revocation.setRevocationStore({ revoke: async () => undefined, check: async () => 'unknown' });
    const access = await m.accessOf(req('/', { headers: { cookie: token } }));
    expect(access).toMatchObject({ signedIn: true, canChange: false, status: 503 });
    expect(access.reason).toMatch(/session store cannot be reached/);
    expect(await m.mayRead(req('/', { headers: { cookie: token } }))).toBe(true);
    expect(await m.mayRead(req('/'))).toBe(false);
  });

  it('a malformed cookie (a stray %) reads as signed out, not an error', async () => {
    const m = await load({ DASHBOARD_PASSWORD: PASSWORD });
    const a = await m.accessOf(req('/', { headers: { cookie: 'pulse_admin=%E0%A4%A; other=%' } }));
    expect(a).toMatchObject({ signedIn: false, canChange: false });
  });

  it('refuses to start with a short DASHBOARD_PASSWORD, naming the variable and not the value', async () => {
    const m = await load({});
    expect(() => m.env.parseEnv({ DASHBOARD_PASSWORD: 'hunter2' })).toThrow(/DASHBOARD_PASSWORD/);
    try {
      m.env.parseEnv({ DASHBOARD_PASSWORD: 'hunter2' });
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
    expect(() => m.env.parseEnv({ DASHBOARD_ACCESS: 'private' })).toThrow(/DASHBOARD_ACCESS/);
  });
});
