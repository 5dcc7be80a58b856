/**
 * Who gets a demo sandbox of their own. A visitor's first change makes one, within two limits: new
 * sandboxes per client (DEMO_SANDBOX_NEW_PER_CLIENT_PER_HOUR, keyed on the trusted client address)
 * and sandboxes in total (DEMO_SANDBOX_MAX), where only a sandbox nobody is connected to and nobody
 * changed lately may make room (lib/sim/tx/tenants.ts). Past either, the visitor keeps reading the
 * shared demo and the change is refused with a sentence the Settings and Wallets pages show where the
 * change was tried, in the tx service's envelope.
 */
import 'server-only';
import { getEnv } from '../../config/env';
import { clientKey } from '../security/client-key';
import { rateLimit } from '../security/limits';
import { DEMO_FULL_MESSAGE } from '../../sim/tx/tenants';
import { sandboxDirectory, sandboxMade } from './directory';

function tooManyNewMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many new demo sandboxes from your network: you are seeing the shared demo, read-only. Try again in ${minutes} min.`;
}

export type SandboxAdmission =
  { ok: true } | { ok: false; status: 429 | 503; message: string; retryAfterSeconds?: number };

/** Makes the visitor's sandbox for a change if it does not exist yet and the limits allow. */
export async function admitSandbox(request: Request, id: string): Promise<SandboxAdmission> {
  const directory = sandboxDirectory();
  if (!directory || directory.has(id)) return { ok: true };
  const env = getEnv();
  const key = clientKey(request);
  const allowance = rateLimit('sandbox-new', {
    points: env.DEMO_SANDBOX_NEW_PER_CLIENT_PER_HOUR,
    durationSeconds: 3600,
  });
  const taken = await allowance.take(key);
  if (!taken.ok)
    return {
      ok: false,
      status: 429,
      message: tooManyNewMessage(taken.retryAfterSeconds),
      retryAfterSeconds: taken.retryAfterSeconds,
    };
  if (!directory.open(id)) {
    // No sandbox was made: the allowance is not spent.
    await allowance.reward(key);
    return { ok: false, status: 503, message: DEMO_FULL_MESSAGE };
  }
  sandboxMade(id);
  return { ok: true };
}
