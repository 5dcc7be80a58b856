/**
 * The in-process simulator, configured from the validated environment (demo sandboxes and their
 * limits). Its deliveries to this app's own receiver are wired by the server at start
 * (lib/server/webhooks/own-receiver.ts, from instrumentation.ts).
 */
import 'server-only';
import { getEnv, sandboxMode } from '../config/env';
import { configureInProcessSimulator, inProcessSimulator } from '../sim/in-process';
import type { Simulator } from '../sim';

export function builtInSimulator(): Simulator {
  const env = getEnv();
  configureInProcessSimulator({
    sandboxes: sandboxMode(env)
      ? {
          max: env.DEMO_SANDBOX_MAX,
          idleMs: env.DEMO_SANDBOX_IDLE_MINUTES * 60_000,
          maxAddresses: env.DEMO_SANDBOX_MAX_ADDRESSES,
          maxBytes: env.DEMO_SANDBOX_MAX_KB * 1024,
          totalBytes: env.DEMO_SANDBOX_TOTAL_MB * 1024 * 1024,
        }
      : null,
  });
  return inProcessSimulator();
}
