/**
 * Preloaded by `npm start` and the container (`node -r ./dist/check-env.cjs server.js`, compiled by
 * scripts/postbuild.mjs): the environment is validated before Next starts, so a bad variable stops
 * the start with its name (never its value) and Next never prints "Ready". The same check runs again
 * in instrumentation.ts for `next start` and Vercel, where nothing is preloaded.
 */
import { loadEnvConfig } from '@next/env';
import { EnvError, parseEnv } from '../lib/config/env';

// The env files Next will read, read here on a copy: the server loads them itself, as before.
const before = { ...process.env };
const { combinedEnv } = loadEnvConfig(process.cwd(), false, {
  info: () => undefined,
  error: console.error,
});
for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
Object.assign(process.env, before);

try {
  parseEnv({ ...combinedEnv, ...before });
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(`\n${error.message}\nSee README.md, "Environment variables".\n`);
  process.exit(1);
}
