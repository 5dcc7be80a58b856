/**
 * The API's headers without proxy.ts: next.config.js's static ones (checked against API_HEADERS, the
 * set the request guard's answers use), every route wrapped by withAccessLog, and the check that
 * answers an undecodable API path before Next.js routes it (against decodeURIComponent).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  malformedApiPath,
  publicFiles,
  refusedMethod,
  staticFile,
} from '@/lib/server/http/request-guard';
import { API_HEADERS, API_POLICY } from '@/lib/server/security/headers';

const require = createRequire(import.meta.url);
const { getPathMatch } = require('next/dist/shared/lib/router/utils/path-match') as {
  getPathMatch: (
    source: string,
    options: { removeUnnamedParams: boolean; strict: boolean },
  ) => (path: string) => false | Record<string, string>;
};
interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
const config = require('../../../next.config.js') as {
  headers(): Promise<HeaderRule[]>;
  rewrites?: unknown;
};

describe("the API's static headers (next.config.js)", () => {
  it('every /api/ path gets exactly API_HEADERS; `/api` alone (a page path) not the API rules', async () => {
    const rules = await config.headers();
    const applied = (path: string) => {
      const headers: Record<string, string> = {};
      for (const rule of rules) {
        const match = getPathMatch(rule.source, { removeUnnamedParams: true, strict: true });
        if (match(path)) for (const h of rule.headers) headers[h.key] = h.value;
      }
      return headers;
    };
    for (const path of ['/api/price/v1/chains', '/api/nope', '/api/stream', '/api/a/b/c'])
      expect(applied(path), path).toEqual(API_HEADERS);
    expect(API_HEADERS['Content-Security-Policy']).toBe(API_POLICY);
    expect(applied('/api')['Content-Security-Policy']).toBeUndefined();
    expect(applied('/api')['X-Frame-Options']).toBeUndefined();
    // No rewrite: with one, Next.js clones the URL and compiles each pattern on every route request.
    expect(config.rewrites).toBeUndefined();
  });

  it('every route under app/api is wrapped by withAccessLog (HSTS and closing come from it)', () => {
    const routes: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name === 'route.ts') routes.push(path);
      }
    };
    walk('app/api');
    expect(routes.length).toBeGreaterThan(10);
    const METHOD = '(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)';
    for (const file of routes) {
      const source = readFileSync(file, 'utf8');
      expect(source, file).not.toMatch(
        new RegExp(`export\\s+(async\\s+)?function\\s+${METHOD}\\b`),
      );
      const direct = [
        ...source.matchAll(new RegExp(`export const ${METHOD}\\s*=\\s*([^;]+)`, 'g')),
      ];
      for (const m of direct) expect(m[2], `${file} ${m[1]}`).toMatch(/^withAccessLog\(/);
      const listed = [...source.matchAll(/export\s*\{([^}]+)\}/g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((e) => e.trim().split(/\s+as\s+/)[0]!)
          .filter(Boolean),
      );
      for (const local of listed)
        expect(source, `${file} ${local}`).toMatch(
          new RegExp(`const ${local}\\s*=\\s*withAccessLog\\(`),
        );
      // The gateway's three services share one factory, which wraps its handler once (checked below).
      const factory = new RegExp(`export const \\{[^}]+\\}\\s*=\\s*gatewayRoute\\(`).test(source);
      expect(direct.length + listed.length + (factory ? 1 : 0), file).toBeGreaterThan(0);
    }
    const handle = readFileSync('lib/server/gateway/handle.ts', 'utf8');
    const body = handle.slice(handle.indexOf('export function gatewayRoute('));
    expect(body.slice(0, body.indexOf('\n}\n'))).toMatch(/=\s*withAccessLog\(/);
  });
});

describe('an API path that does not decode', () => {
  const decodes = (path: string) => {
    try {
      decodeURIComponent(path);
      return true;
    } catch {
      return false;
    }
  };

  it('is told apart from one that does, in the origin and the absolute form', () => {
    for (const url of [
      '/api/price/v1/%80',
      '/api/x/%E0%A4%A',
      '/api/kline/v1/%ZZ?x=1',
      '/api/a/%',
      '/api/a/%C0%AF', // overlong
      '/api/a/%ED%A0%80', // a surrogate
      'http://127.0.0.1:3000/api/price/v1/%80',
    ])
      expect(malformedApiPath(url), url).toBe(true);
    for (const url of [
      '/api/price/v1/chains',
      '/api/tx/v1/addresse%73',
      '/api/a/%C3%A9',
      '/api/a?x=%80', // the query is the handler's to read
      '/api',
      '/pools/%80', // pages: proxy.ts answers these
      undefined,
    ])
      expect(malformedApiPath(url), String(url)).toBe(false);
  });

  it('matches exactly the paths decodeURIComponent refuses (random escapes)', () => {
    const byte = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`);
    const piece = fc.oneof(
      byte,
      byte.map((s) => s.toUpperCase()),
      fc.constantFrom('a', '/', '%', '%Z', '%4', '-', '.'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/api/${pieces.join('')}`;
        expect(malformedApiPath(path), path).toBe(!decodes(path));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the methods the request guard refuses', () => {
  const files = publicFiles();

  it('knows the files of public/, nested ones included', () => {
    for (const path of ['/embed.js', '/sw.js', '/offline.html'])
      expect(files.has(path), path).toBe(true);
    expect([...files].some((f) => f.startsWith('/widget/'))).toBe(true);
    expect(files.has('/pools')).toBe(false);
    expect(publicFiles('/nonexistent-dir').size).toBe(0);
  });

  it('lets through every method some route serves, and reads of a file', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      for (const path of ['/api/health', '/pools', '/api/push/subscriptions/x?y=1'])
        expect(refusedMethod(method, path, files), `${method} ${path}`).toBeNull();
    for (const method of ['GET', 'HEAD'])
      expect(refusedMethod(method, '/embed.js?v=2', files)).toBeNull();
  });

  it("tells Next.js's static files (whose odd ranges it fails) from the rest", () => {
    for (const url of ['/embed.js', '/embed.js?v=1', '/_next/static/chunks/a.js', 'http://h/sw.js'])
      expect(staticFile(url, files), url).toBe(true);
    for (const url of ['/', '/pools', '/api/health', '/_next/image?url=x', undefined])
      expect(staticFile(url, files), String(url)).toBe(false);
  });

  it('refuses the rest, naming what is served', () => {
    expect(refusedMethod('TRACE', '/api/health', files)).toBe(
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    expect(refusedMethod('PROPFIND', '/pools/evm/1/0xabc', files)).toBe('GET, HEAD');
    expect(refusedMethod('TRACE', 'http://h/api/x', files)).toBe(
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'])
      expect(refusedMethod(method, '/embed.js?x=1', files), method).toBe('GET, HEAD');
    expect(refusedMethod(undefined, '/', files)).toBe('GET, HEAD');
  });
});
