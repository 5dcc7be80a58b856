/** The in-process simulator, configured from the validated environment (demo sandboxes and their limits). */
import 'server-only';
import { getEnv, sandboxMode } from '../core/env';
import { configureInProcessSimulator, inProcessSimulator, setOwnReceiver } from '../sim/in-process';
import { isOwnReceiver } from '../server/webhooks/own-url';
import type { Simulator } from '../sim';

export function builtInSimulator(): Simulator {
  const env = getEnv();
  configureInProcessSimulator({
    sandboxes: sandboxMode(env)
      ? {
          max: env.DEMO_SANDBOX_MAX,
          idleMs: env.DEMO_SANDBOX_IDLE_MINUTES * 60_000,
          maxAddresses: env.DEMO_SANDBOX_MAX_ADDRESSES,
        }
      : null,
  });
  setOwnReceiver((url, delivery) =>
    isOwnReceiver(url)
      ? import('../server/webhooks/own-receiver').then((m) => m.deliverOwn(delivery))
      : null,
  );
  return inProcessSimulator();
}
