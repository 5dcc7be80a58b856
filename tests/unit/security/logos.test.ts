import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGO_HOSTS } from '@/lib/config/env';
import { logoSrc } from '@/lib/core/logo';
import { createServer } from 'node:https';
import {
  fetchOverHttps,
  hostAllowed,
  logoSource,
  logoWidth,
  LogoProxy,
  noLogo,
  type Fetcher,
} from '@/lib/server/logos';

const ALLOW = DEFAULT_LOGO_HOSTS;
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('which logos the proxy fetches', () => {
  it('only https URLs on an allowlisted host, without credentials or another port', () => {
    expect(
      logoSource('https://assets.coingecko.com/coins/images/1/large/bitcoin.png', ALLOW).ok,
    ).toBe(true);
    for (const bad of [
      'http://assets.coingecko.com/x.png',
      'https://assets.coingecko.com.evil.example/x.png',
      'https://evil.example/?u=https://assets.coingecko.com/x.png',
      'https://user:pw@assets.coingecko.com/x.png',
      'https://assets.coingecko.com:8443/x.png',
      'https://127.0.0.1/x.png',
      'https://[::1]/x.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      '',
      `https://assets.coingecko.com/${'a'.repeat(3000)}`,
    ])
      expect(logoSource(bad, ALLOW).ok, bad).toBe(false);
    expect(logoSource(null, ALLOW).ok).toBe(false);
  });

  it('wildcards cover subdomains only, and a trailing dot changes nothing', () => {
    expect(hostAllowed('a.cdn.example', ['*.cdn.example'])).toBe(true);
    expect(hostAllowed('cdn.example', ['*.cdn.example'])).toBe(false);
    expect(hostAllowed('evilcdn.example', ['*.cdn.example'])).toBe(false);
    expect(hostAllowed('ICONS.llamao.fi.', ALLOW)).toBe(true);
  });

  it('widths round up to a few served sizes, and nonsense is refused', () => {
    expect(logoWidth('40')).toBe(48);
    expect(logoWidth('32')).toBe(32);
    expect(logoWidth('9999')).toBe(128);
    for (const bad of [null, '', '0', '-5', '1e3', '12.5', 'abc', '99999'])
      expect(logoWidth(bad)).toBeNull();
  });

  it('the browser asks our proxy, at twice the displayed size, and only for https logos', () => {
    expect(logoSrc('https://icons.llamao.fi/icons/chains/rsz_base.jpg', 20)).toBe(
      '/api/logo?url=https%3A%2F%2Ficons.llamao.fi%2Ficons%2Fchains%2Frsz_base.jpg&w=40',
    );
    expect(logoSrc('http://x.example/a.png', 20)).toBeNull();
    expect(logoSrc('javascript:alert(1)', 20)).toBeNull();
    expect(logoSrc(null, 20)).toBeNull();
  });
});

describe('the logo proxy', () => {
  const URL_A = 'https://assets.coingecko.com/coins/images/1/large/bitcoin.png';

  it('fetches once for many viewers, serves a small WebP of the asked size', async () => {
    const big = await png(250);
    const fetcher = vi.fn<Fetcher>(async () => {
      await new Promise((r) => setTimeout(r, 20));
      return { contentType: 'image/png', body: big };
    });
    const proxy = new LogoProxy(fetcher);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => proxy.get(URL_A, '40', `client-${i}`, ALLOW)),
    );
    expect(fetcher).toHaveBeenCalledTimes(1);
    for (const r of results) expect(r.ok).toBe(true);
    const first = results[0]!;
    if (!first.ok) throw new Error('no logo');
    const meta = await sharp(Buffer.from(first.body)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 48, height: 48 });
    expect(first.body.byteLength).toBeLessThan(big.byteLength);
    // A later viewer is served from the cache.
    expect((await proxy.get(URL_A, '40', 'late', ALLOW)).ok).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('refuses what is not a raster image, and remembers a failure instead of asking again', async () => {
    let now = 1_000_000;
    const fetcher = vi.fn<Fetcher>(async () => ({
      contentType: 'image/svg+xml',
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    }));
    const proxy = new LogoProxy(fetcher, () => now);
    expect(await proxy.get(URL_A, '40', 'c', ALLOW)).toMatchObject({ ok: false, status: 404 });
    expect(await proxy.get(URL_A, '40', 'c', ALLOW)).toMatchObject({ ok: false, status: 404 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    now += 11 * 60_000;
    await proxy.get(URL_A, '40', 'c', ALLOW);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('"no logo" is served as one transparent pixel', async () => {
    const meta = await sharp(Buffer.from(await noLogo())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1, height: 1, hasAlpha: true });
  });

  it('a broken or unreachable image is a 404, never a crash', async () => {
    const broken = new LogoProxy(async () => ({
      contentType: 'image/png',
      body: Buffer.from('not a png'),
    }));
    expect(await broken.get(URL_A, '40', 'c', ALLOW)).toMatchObject({ ok: false, status: 404 });
    const down = new LogoProxy(async () => {
      throw new Error('ECONNREFUSED');
    });
    expect(await down.get(URL_A, '40', 'c', ALLOW)).toMatchObject({ ok: false, status: 404 });
  });

  it('a host off the list, a bad width or logos turned off never reach the fetcher', async () => {
    const fetcher = vi.fn<Fetcher>();
    const proxy = new LogoProxy(fetcher);
    expect(await proxy.get('https://evil.example/a.png', '40', 'c', ALLOW)).toMatchObject({
      status: 400,
    });
    expect(await proxy.get(URL_A, 'huge', 'c', ALLOW)).toMatchObject({ status: 400 });
    expect(await proxy.get(URL_A, '40', 'c', [])).toMatchObject({ status: 404 });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('one client cannot make the server fetch without bound: cache misses are limited per client', async () => {
    const body = await png(8);
    const fetcher = vi.fn<Fetcher>(async () => ({ contentType: 'image/png', body }));
    const proxy = new LogoProxy(fetcher);
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) {
      const r = await proxy.get(`${URL_A}?v=${i}`, '32', 'greedy-client', ALLOW);
      statuses.push(r.ok ? 200 : r.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(120);
    // Another client is not affected.
    expect((await proxy.get(`${URL_A}?v=other`, '32', 'someone-else', ALLOW)).ok).toBe(true);
  });
});

describe('the fetch itself', () => {
  it('never connects to a loopback address, whatever name led there', async () => {
    let connections = 0;
    const server = createServer((_req, res) => res.end('x'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      await expect(fetchOverHttps(new URL(`https://127.0.0.1:${port}/a.png`))).rejects.toThrow(
        /not allowed/,
      );
      await expect(fetchOverHttps(new URL(`https://localhost:${port}/a.png`))).rejects.toThrow();
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });
});
