import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES, encodeBody } from '@/lib/server/http/compress';

describe('chooseEncoding reads Accept-Encoding to the letter', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP;q=0.3, Br;Q=0.9', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['br; q=0.001', 'br'],
    ['br;q=nonsense', null],
    ['*', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (accept, expected) => {
    expect(chooseEncoding(accept)).toBe(expected);
  });
});

describe('encodeBody', () => {
  const big = JSON.stringify(
    Array.from({ length: 300 }, (_, i) => ({
      open_time: 1_795_000_000 + i * 900,
      close: 3600 + i,
    })),
  );

  it('compresses a large body into what decodes back to it', () => {
    const br = encodeBody(big, 'br');
    expect(br.encoding).toBe('br');
    expect(Buffer.isBuffer(br.body)).toBe(true);
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(big);
    expect((br.body as Buffer).length).toBeLessThan(big.length / 3);
    const gzip = encodeBody(big, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString('utf8')).toBe(big);
  });

  it('leaves a small body, or one for a client that takes none, as it is', () => {
    const small = 'x'.repeat(COMPRESS_MIN_BYTES - 1);
    expect(encodeBody(small, 'br')).toEqual({ body: small, encoding: null });
    expect(encodeBody(big, null)).toEqual({ body: big, encoding: null });
  });
});
