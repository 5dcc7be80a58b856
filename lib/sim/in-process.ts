/**
 * The simulator inside the Next.js server process, used when no UPSTREAM_BASE_URL is configured, so
 * `npm run dev` and a preview deployment show live demo data with no other setup. One instance per
 * process, kept on globalThis so that dev-mode module reloads do not start a second one.
 *
 * The public demo (no DASHBOARD_PASSWORD) gives each visitor a sandbox: sandbox keys are accepted,
 * bounded by the DEMO_SANDBOX_* limits. Webhook deliveries to this app's own receiver are handed
 * over in process (`setOwnReceiver`), never over a loopback connection.
 */
import type { OwnReceiver, SandboxLimits } from './core/types';
import { createSimulator, simConfigFromEnv, type Simulator } from './index';

const KEY = Symbol.for('pulse.in-process-simulator');
const RECEIVER = Symbol.for('pulse.own-receiver');
type Holder = { [KEY]?: Simulator; [RECEIVER]?: OwnReceiver };

export interface InProcessOptions {
  sandboxes: SandboxLimits | null;
}

let options: InProcessOptions = { sandboxes: null };

/** Set by the server before the first call (lib/upstream/transport.ts reads the environment). */
export function configureInProcessSimulator(next: InProcessOptions): void {
  options = next;
}

/** The dashboard's receiver registers itself here; the simulator asks it for every delivery. */
export function setOwnReceiver(receiver: OwnReceiver | undefined): void {
  (globalThis as Holder)[RECEIVER] = receiver;
}

export function inProcessSimulator(): Simulator {
  const holder = globalThis as Holder;
  let sim = holder[KEY];
  if (!sim) {
    const fromEnv = simConfigFromEnv();
    sim = createSimulator({
      ...fromEnv,
      // Vercel functions may only write to /tmp; state there lives as long as the instance.
      stateDir: process.env.VERCEL ? '/tmp/pulse-sim' : fromEnv.stateDir,
      logLevel: fromEnv.logLevel === 'debug' ? 'debug' : 'silent',
      sandboxes: options.sandboxes,
      ownReceiver: (url, delivery) => (globalThis as Holder)[RECEIVER]?.(url, delivery) ?? null,
    });
    sim.start();
    holder[KEY] = sim;
  }
  return sim;
}
