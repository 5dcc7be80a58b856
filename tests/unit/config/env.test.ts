/**
 * A wrong variable stops the start with a message that names it, never its value; and .env.example
 * lists every variable the code reads.
 */
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/config/env';
import { simConfigFromEnv, simListenFromEnv } from '@/lib/sim';

function refusal(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('each bad variable is refused by name, its value never echoed', () => {
    const cases: [Record<string, string>, string][] = [
      [{ EMBED_ALLOWED_ORIGINS: 'garbage-value-xyz' }, 'EMBED_ALLOWED_ORIGINS'],
      [{ EMBED_ALLOWED_ORIGINS: 'https://a.example/path' }, 'EMBED_ALLOWED_ORIGINS'],
      [{ EMBED_ALLOWED_ORIGINS: 'ftp://files.example' }, 'EMBED_ALLOWED_ORIGINS'],
      [
        {
          UPSTREAM_BASE_URL: 'https://user:hunter2secret@api.example',
          UPSTREAM_API_KEY: 'k-12345678',
        },
        'UPSTREAM_BASE_URL',
      ],
      [{ PULSE_REQUIRE_UPSTREAM: '1' }, 'UPSTREAM_BASE_URL'],
      [{ PULSE_REQUIRE_UPSTREAM: 'yes' }, 'PULSE_REQUIRE_UPSTREAM'],
      [{ SIM_PORT: 'abc' }, 'SIM_PORT'],
      [{ SIM_PORT: '70000' }, 'SIM_PORT'],
      [{ SIM_TX_INTERVAL_MS: '-5' }, 'SIM_TX_INTERVAL_MS'],
      [{ SIM_LOG_LEVEL: 'loud' }, 'SIM_LOG_LEVEL'],
      [{ SIM_CONTROL: 'true' }, 'SIM_CONTROL'],
      [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    ];
    for (const [env, name] of cases) {
      const message = refusal(env);
      expect(message, JSON.stringify(env)).toContain(`${name}:`);
      for (const value of Object.values(env))
        if (value.length > 3) expect(message).not.toContain(value);
    }
  });

  it('origins are normalised: a trailing slash, case and the default port do not block embeds', () => {
    const env = parseEnv({
      EMBED_ALLOWED_ORIGINS:
        'https://News.Example/, http://localhost:3000 https://*.partner.example:443',
    });
    expect(env.EMBED_ALLOWED_ORIGINS).toBe(
      'https://news.example http://localhost:3000 https://*.partner.example',
    );
    expect(parseEnv({ EMBED_ALLOWED_ORIGINS: '*' }).EMBED_ALLOWED_ORIGINS).toBe('*');
  });

  it('LOGO_HOSTS: the upstream hosts by default, a list, none, and a bad entry named', () => {
    expect(parseEnv({}).LOGO_HOSTS).toContain('assets.coingecko.com');
    expect(parseEnv({ LOGO_HOSTS: 'A.example.com, *.cdn.example' }).LOGO_HOSTS).toEqual([
      'a.example.com',
      '*.cdn.example',
    ]);
    expect(parseEnv({ LOGO_HOSTS: 'none' }).LOGO_HOSTS).toEqual([]);
    for (const bad of ['127.0.0.1', 'localhost', 'https://a.example', 'a.example/x', '*'])
      expect(refusal({ LOGO_HOSTS: bad })).toContain('LOGO_HOSTS');
  });

  it('the standalone simulator names its bad variables too', () => {
    expect(() => simListenFromEnv({ SIM_PORT: 'abc' })).toThrow(/^SIM_PORT /);
    expect(() => simListenFromEnv({ SIM_CONTROL: 'yes' })).toThrow(/^SIM_CONTROL /);
    expect(simListenFromEnv({})).toEqual({ port: 4100, host: '127.0.0.1', control: false });
    expect(() => simConfigFromEnv({ SIM_LOG_LEVEL: 'loud' })).toThrow(/^SIM_LOG_LEVEL /);
    expect(() => simConfigFromEnv({ SIM_TX_INTERVAL_MS: 'x' })).toThrow(/^SIM_TX_INTERVAL_MS /);
  });

  it('.env.example lists every variable the code reads', () => {
    const example = readFileSync('.env.example', 'utf8');
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const source = execSync(
      "git ls-files 'lib/**/*.ts' 'app/**/*.ts' 'app/**/*.tsx' 'scripts/*.ts' 'scripts/*.mjs' proxy.ts instrumentation.ts next.config.js",
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      // Benchmarks' knobs (BENCH_*) and the test runner's (TEST_ONLY) are documented with them, not deployed.
      .filter((f) => !f.startsWith('scripts/bench/') && f !== 'scripts/test.mjs')
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const read = new Set<string>();
    for (const m of source.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
    for (const m of source.matchAll(/env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) read.add(m[1]!);
    // The validated schema's keys are read through getEnv().
    const schema = readFileSync('lib/config/env.ts', 'utf8');
    for (const m of schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)) read.add(m[1]!);
    // Set by the platform or by Node/Next, not by an operator.
    for (const platform of [
      'NODE_ENV',
      'NEXT_RUNTIME',
      'VERCEL',
      'VERCEL_URL',
      'VERCEL_BRANCH_URL',
      'VERCEL_PROJECT_PRODUCTION_URL',
      'CI',
    ])
      read.delete(platform);
    expect(read.size).toBeGreaterThan(30);
    const missing = [...read].filter((name) => !listed.has(name)).sort();
    expect(missing).toEqual([]);
  });
});
