/**
 * Structured logs: JSON lines (time, level, msg, request id when there is one) through pino, so an
 * operator's collector reads them as they come; in development the same lines, readable.
 *
 * Secrets are redacted by construction: every line passes through one writer that replaces the value
 * of each secret the process knows (the upstream key, the dashboard password, the session and webhook
 * secrets, the metrics token, credentials in a URL) wherever it appears, and fields whose name says
 * secret are censored before they are written. `LOG_LEVEL` sets the level (default info; silent).
 */
import pino, { type Logger } from 'pino';
import { processGlobal, setProcessGlobal } from '../core/process-global';
import { requestContext } from './context';

const SECRET_VARIABLES = [
  'UPSTREAM_API_KEY',
  'DASHBOARD_PASSWORD',
  'SESSION_SECRET',
  'WEBHOOK_SECRET',
  'METRICS_TOKEN',
  'SIM_API_KEY',
];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const REDACTED = '[redacted]';

const SECRETS = Symbol.for('pulse.log-secrets');
const known: Set<string> = ((globalThis as { [SECRETS]?: Set<string> })[SECRETS] ??= new Set());

/** A value that must never be written (a webhook secret or URL read at run time, for instance). */
export function registerSecret(value: string | null | undefined): void {
  const v = value?.trim();
  // Very short values would redact ordinary words; the config refuses secrets that short anyway.
  if (v && v.length >= 6) known.add(v);
}

function secretsFromEnv(): void {
  for (const name of SECRET_VARIABLES) registerSecret(process.env[name]);
  for (const name of ['UPSTREAM_BASE_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'REDIS_URL']) {
    const raw = process.env[name];
    if (!raw) continue;
    try {
      const url = new URL(raw);
      registerSecret(url.password);
      if (url.username) registerSecret(`${url.username}:${url.password}`);
    } catch {
      // not a URL: the configuration check names it
    }
  }
}

export function scrub(line: string): string {
  let out = line;
  for (const secret of known) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    // JSON escapes some characters: redact the escaped spelling too.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
  }
  return out;
}

type Sink = (line: string) => void;
const SINK = Symbol.for('pulse.log-sink');
type SinkHolder = { [SINK]?: Sink };

/** Where lines go: stdout, or a test's capture (kept per process, like the logger). */
export function setLogSink(next: Sink | null): void {
  (globalThis as SinkHolder)[SINK] = next ?? undefined;
}

function sink(line: string): void {
  const capture = (globalThis as SinkHolder)[SINK];
  if (capture) capture(line);
  else process.stdout.write(line);
}

function pretty(line: string): string {
  try {
    const { time, level, msg, ...rest } = JSON.parse(line) as Record<string, unknown>;
    const fields = Object.entries(rest)
      .filter(([k]) => k !== 'pid' && k !== 'hostname')
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    const at = typeof time === 'string' ? time.slice(11, 23) : '';
    return `${at} ${String(level).toUpperCase().padEnd(5)} ${typeof msg === 'string' ? msg : ''} ${fields}\n`;
  } catch {
    return line;
  }
}

function create(): Logger {
  secretsFromEnv();
  const raw = (process.env.LOG_LEVEL ?? '').trim().toLowerCase();
  const level = LEVELS.includes(raw) ? raw : 'info';
  const readable = process.env.NODE_ENV === 'development';
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const ctx = requestContext();
        return ctx ? { request_id: ctx.id } : {};
      },
      redact: {
        paths: [
          '*.password',
          '*.secret',
          '*.webhook_secret',
          '*.webhook_url',
          '*.apiKey',
          '*.api_key',
          '*.token',
          '*.cookie',
          '*.authorization',
          '*["x-api-key"]',
          'password',
          'secret',
          'webhook_secret',
          'webhook_url',
          'token',
          'cookie',
        ],
        censor: REDACTED,
      },
    },
    {
      write(line: string) {
        const clean = scrub(line);
        sink(readable ? pretty(clean) : clean);
      },
    },
  );
}

const LOGGER = 'pulse.logger';

/** The process's logger (one per process, whatever module copies a dev reload makes). */
export function log(): Logger {
  return processGlobal(LOGGER, create);
}

/** Builds the logger again from the environment (tests change LOG_LEVEL and the secrets). */
export function resetLogger(): void {
  setProcessGlobal(LOGGER, undefined);
  known.clear();
}
