/**
 * The simulator inside the Next.js server process, used when no UPSTREAM_BASE_URL is configured, so
 * `npm run dev` and a preview deployment show live demo data with no other setup. One instance per
 * process, kept on globalThis so that dev-mode module reloads do not start a second one.
 */
import { createSimulator, simConfigFromEnv, type Simulator } from './index';

const KEY = Symbol.for('pulse.in-process-simulator');
type Holder = { [KEY]?: Simulator };

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
    });
    sim.start();
    holder[KEY] = sim;
  }
  return sim;
}
