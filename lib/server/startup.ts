import 'server-only';
import { EnvError, getEnv, upstreamMode } from '../config/env';
import { log } from '../observe/log';

/** Called from instrumentation.ts in the Node runtime only. */
export function checkEnvironmentAtStartup(): void {
  try {
    const env = getEnv();
    log().info(
      {
        mode: upstreamMode(env),
        access: env.DASHBOARD_ACCESS,
        metrics: Boolean(env.METRICS_TOKEN),
        traces: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT),
      },
      upstreamMode(env) === 'simulator'
        ? 'no UPSTREAM_BASE_URL: serving live demo data from the built-in simulator'
        : 'upstream configured (key loaded from UPSTREAM_API_KEY)',
    );
  } catch (error) {
    if (error instanceof EnvError) {
      // For the operator's terminal as well as the log collector: the variable, never its value.
      console.error(`\n${error.message}\nSee README.md, "Environment variables".\n`);
      log().fatal(
        {
          variables: error.message
            .split('\n')
            .slice(1)
            .map((l) => l.trim()),
        },
        'invalid environment: not starting',
      );
      process.exit(1);
    }
    throw error;
  }
}
