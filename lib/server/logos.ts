/**
 * Token, chain and fiat logos through our own origin (`GET /api/logo?url=…&w=…`).
 *
 * The upstream names image URLs on hosts it chooses. Loaded by the browser, each would tell that
 * host the viewer's address, cost a full-size image for a 20-pixel icon, and hang a page on a slow
 * host. Here the server fetches the image once, only from an allowlisted host (`LOGO_HOSTS`), over
 * HTTPS, never to a private address (request-filtering-agent checks the address connected to), with
 * no redirect, a deadline and a size cap; it resizes it to a small square WebP (sharp), keeps it in a
 * bounded cache, and serves it with a long `Cache-Control` so a CDN shares it. A failure is
 * remembered for a while, so an unreachable host is not asked again by every viewer.
 *
 * What a visitor can make the server do is bounded: only allowlisted HTTPS hosts, a handful of sizes,
 * a few fetches at a time, and a per-client allowance of fetches (cache hits are free).
 */
import 'server-only';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';
import sharp from 'sharp';
import { getEnv } from '../config/env';
import { processGlobal } from '../core/process-global';
import { rateLimit } from './security/limits';

/** Output widths (device pixels); a request is rounded up to the next one, so variants are few. */
const LOGO_WIDTHS = [32, 48, 64, 96, 128] as const;
const MAX_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 4000;
const MAX_INPUT_PIXELS = 4096 * 4096;
const CACHE_ENTRIES = 2000;
const CACHE_BYTES = 24 * 1024 * 1024;
const FRESH_MS = 24 * 3600_000;
const FAILED_MS = 10 * 60_000;
const CONCURRENT_FETCHES = 8;
/** Fetches (cache misses) one client may cause per minute. */
const FETCHES_PER_MIN = 120;

export type LogoResult =
  | { ok: true; body: Uint8Array; contentType: 'image/webp' }
  | { ok: false; status: 400 | 404 | 429 | 503; message: string; retryAfterSeconds?: number };

/** The hosts logos may come from: exact names, or `*.example.com` for its subdomains. */
export function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allow.some((rule) =>
    rule.startsWith('*.') ? h.endsWith(rule.slice(1)) && h.length > rule.length - 1 : h === rule,
  );
}

/** The requested width rounded up to a served one (null when it is not a width at all). */
export function logoWidth(raw: string | null): number | null {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
  const w = Number(raw);
  if (w < 1) return null;
  return LOGO_WIDTHS.find((x) => x >= w) ?? LOGO_WIDTHS[LOGO_WIDTHS.length - 1]!;
}

/** An image URL the proxy will fetch, or why not. */
export function logoSource(
  raw: string | null,
  allow: readonly string[],
): { ok: true; url: URL } | { ok: false; message: string } {
  if (!raw || raw.length > 2048)
    return { ok: false, message: 'url: an https image URL is required' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'url: not a URL' };
  }
  if (url.protocol !== 'https:')
    return { ok: false, message: 'url: only https images are fetched' };
  if (url.username || url.password)
    return { ok: false, message: 'url: credentials are not allowed' };
  if (url.port && url.port !== '443') return { ok: false, message: 'url: only the https port' };
  if (!hostAllowed(url.hostname, allow))
    return { ok: false, message: 'url: this image host is not in LOGO_HOSTS' };
  url.hash = '';
  return { ok: true, url };
}

export type Fetcher = (url: URL) => Promise<{ contentType: string; body: Buffer }>;

const filtered = new RequestFilteringHttpsAgent({
  keepAlive: true,
  maxSockets: CONCURRENT_FETCHES,
});

/** One GET: no redirect, an image content type, at most MAX_BYTES, within TIMEOUT_MS. */
export const fetchOverHttps: Fetcher = (url) =>
  new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: 'GET',
        agent: filtered,
        headers: {
          accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif',
          'user-agent': 'Pulse',
        },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        const declared = Number(res.headers['content-length'] ?? 0);
        if (status !== 200 || declared > MAX_BYTES) {
          res.destroy();
          return reject(new Error(`status ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            res.destroy();
            reject(new Error('too large'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ contentType, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });

/** Raster images only: an SVG is a document, and what the upstream names is not trusted. */
const RASTER = /^image\/(png|jpe?g|webp|gif|avif)\b/i;

async function toLogo(body: Buffer, contentType: string, width: number): Promise<Uint8Array> {
  if (!RASTER.test(contentType)) throw new Error('not a raster image');
  return sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
    .resize(width, width, { fit: 'cover' })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}

let placeholder: Promise<Uint8Array> | null = null;

/** What "no logo" is served as: one transparent pixel (the browser's icon shows its initials). */
export function noLogo(): Promise<Uint8Array> {
  placeholder ??= sharp({
    create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .webp({ lossless: true })
    .toBuffer();
  return placeholder;
}

type Entry = { body: Uint8Array | null; expires: number };

/** The cache, the fetches in flight and the fetch limit: one per process, on globalThis. */
export class LogoProxy {
  private readonly cache = new Map<string, Entry>();
  private bytes = 0;
  private readonly inFlight = new Map<string, Promise<Uint8Array | null>>();
  private active = 0;

  constructor(
    private readonly fetcher: Fetcher = fetchOverHttps,
    private readonly now: () => number = Date.now,
  ) {}

  async get(
    rawUrl: string | null,
    rawWidth: string | null,
    client: string,
    allow: readonly string[],
  ): Promise<LogoResult> {
    if (allow.length === 0)
      return { ok: false, status: 404, message: 'Logos are off (LOGO_HOSTS=none).' };
    const source = logoSource(rawUrl, allow);
    if (!source.ok) return { ok: false, status: 400, message: source.message };
    const width = logoWidth(rawWidth);
    if (width === null) return { ok: false, status: 400, message: 'w: a width in pixels' };
    const key = `${width} ${source.url.href}`;

    const cached = this.cache.get(key);
    if (cached && cached.expires > this.now()) {
      // Most recently used last: the first entries are the ones to evict.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.body
        ? { ok: true, body: cached.body, contentType: 'image/webp' }
        : { ok: false, status: 404, message: 'This logo could not be loaded.' };
    }

    let pending = this.inFlight.get(key);
    if (!pending) {
      if (this.active >= CONCURRENT_FETCHES)
        return {
          ok: false,
          status: 503,
          message: 'Busy: try again in a moment.',
          retryAfterSeconds: 1,
        };
      const allowed = await rateLimit('logo-fetches', {
        points: FETCHES_PER_MIN,
        durationSeconds: 60,
      }).take(client);
      if (!allowed.ok)
        return {
          ok: false,
          status: 429,
          message: 'Too many logo requests: try again shortly.',
          retryAfterSeconds: allowed.retryAfterSeconds,
        };
      pending = this.inFlight.get(key) ?? this.load(source.url, width, key);
      this.inFlight.set(key, pending);
    }
    const body = await pending;
    return body
      ? { ok: true, body, contentType: 'image/webp' }
      : { ok: false, status: 404, message: 'This logo could not be loaded.' };
  }

  private async load(url: URL, width: number, key: string): Promise<Uint8Array | null> {
    this.active++;
    let body: Uint8Array | null = null;
    try {
      const fetched = await this.fetcher(url);
      body = await toLogo(fetched.body, fetched.contentType, width);
    } catch {
      body = null;
    } finally {
      this.active--;
      this.inFlight.delete(key);
    }
    this.remember(key, body);
    return body;
  }

  private remember(key: string, body: Uint8Array | null): void {
    const old = this.cache.get(key);
    if (old?.body) this.bytes -= old.body.byteLength;
    this.cache.delete(key);
    this.cache.set(key, { body, expires: this.now() + (body ? FRESH_MS : FAILED_MS) });
    if (body) this.bytes += body.byteLength;
    for (const [k, e] of this.cache) {
      if (this.cache.size <= CACHE_ENTRIES && this.bytes <= CACHE_BYTES) break;
      this.cache.delete(k);
      if (e.body) this.bytes -= e.body.byteLength;
    }
  }

  get size(): number {
    return this.cache.size;
  }
}

export function logoProxy(): LogoProxy {
  return processGlobal('pulse.logos', () => new LogoProxy());
}

export function logoHosts(): readonly string[] {
  return getEnv().LOGO_HOSTS;
}
