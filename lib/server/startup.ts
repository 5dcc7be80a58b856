import 'server-only';
import { EnvError, getEnv, upstreamMode } from '../config/env';

/** Called from instrumentation.ts in the Node runtime only. */
export function checkEnvironmentAtStartup(): void {
  try {
    const env = getEnv();
    console.log(
      upstreamMode(env) === 'simulator'
        ? '[pulse] no UPSTREAM_BASE_URL: serving live demo data from the built-in simulator'
        : '[pulse] upstream configured (key loaded from UPSTREAM_API_KEY)',
    );
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\nSee README.md, "Environment variables".\n`);
      process.exit(1);
    }
    throw error;
  }
}
