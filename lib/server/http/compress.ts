/**
 * The gateway's JSON, compressed by the fast entry (fast-entry.ts) for the browsers that say they take
 * it. Next.js compresses pages and static files but not what a route handler returns (it even drops
 * a Content-Encoding the handler sets), and a chart's first window is ~45 KB of JSON: ~9 KB as
 * Brotli, four of them on the workspace's first load. Where the fast entry is off, the answers go
 * uncompressed from `next start`; on Vercel its CDN compresses them.
 *
 * The fastest settings are used (Brotli quality 1, gzip level 1): on a 45 KB window they take ~0.1
 * ms and give within 5 % of the default settings' size, which take 5-8 times as long
 * (docs/benchmarks.md). Bodies under 1 KB go as they are: the headers outweigh what is saved.
 *
 * A compression side channel (BREACH) needs a secret and a stranger's text in one answer, read by
 * a signed-in browser that another site makes ask: the key never reaches an answer
 * (lib/upstream/transport.ts), the admin's unmasked reads need its SameSite=Lax cookie, which
 * another site's fetches, images and frames do not carry, and the canonical query drops what the
 * endpoint does not name (docs/security.md, "Compressed answers").
 */
import 'server-only';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export const COMPRESS_MIN_BYTES = 1024;

/** What a compressible answer varies on besides Next.js's own headers: caches keep one per encoding. */
export const VARY_ENCODING = 'Accept-Encoding';

/**
 * The encoding to answer in: Brotli when accepted, else gzip, else none. An `Accept-Encoding` is
 * read to the letter of RFC 9110: a coding with `q=0` is refused, and `*` is not taken as a yes.
 */
export function chooseEncoding(accept: string | null | undefined): Encoding | null {
  if (!accept) return null;
  let gzip = false;
  for (const part of accept.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== 'x-gzip') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** The body as sent: compressed when it is worth it and the client takes it, else unchanged. */
export function encodeBody(
  body: string,
  encoding: Encoding | null,
): { body: string | Buffer; encoding: Encoding | null } {
  if (!encoding || body.length < COMPRESS_MIN_BYTES) return { body, encoding: null };
  const raw = Buffer.from(body);
  const packed =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 1,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        })
      : gzipSync(raw, { level: 1 });
  return { body: packed, encoding };
}
