/**
 * The environment of a server a test starts: the machine's (PATH, HOME, …) without any of Pulse's own
 * settings, then the test's. Every variable `.env.example` names is set to the empty string (which
 * lib/config/env.ts reads as unset) so that Next's own loading of a developer's `.env.local` or `.env`
 * cannot fill it in: Next never overrides a variable that is already set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let known: string[] | undefined;

/** Every variable `.env.example` lists, commented-out ones included. */
function pulseVariables(): string[] {
  known ??= [
    ...readFileSync(join(process.cwd(), '.env.example'), 'utf8').matchAll(
      /^#?\s*([A-Z][A-Z0-9_]*)=/gm,
    ),
  ].map((m) => m[1]!);
  return known;
}

/** Servers started by tests run the production build. */
type ServerEnv = Record<string, string> & { NODE_ENV: 'production' };

export function cleanServerEnv(overrides: Record<string, string> = {}): ServerEnv {
  const names = new Set(pulseVariables());
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !names.has(k)) env[k] = v;
  for (const name of names) env[name] = '';
  return { ...env, ...overrides, NODE_ENV: 'production' };
}
