/**
 * Who may change upstream state through the gateway (monitored addresses, app config, webhook retry,
 * replay). Reading is open. On the simulator changes are open; on a real upstream they need the admin
 * session, and without DASHBOARD_PASSWORD they are refused with a message saying how to enable them
 * (the rule itself: lib/auth/access.ts).
 */
import 'server-only';
import type { Rejection, ServiceContract } from '../contracts/types';
import { accessOf } from '../auth/access';
import { refusal } from './envelope';

export async function checkMutation(
  request: Request,
  contract: ServiceContract,
): Promise<Rejection | null> {
  if (!sameOrigin(request)) {
    return refusal(contract.service, 403, 'forbidden', 'Cross-origin changes are refused.');
  }
  const access = await accessOf(request);
  if (access.canChange) return null;
  const status = access.status ?? 403;
  return refusal(
    contract.service,
    status,
    status === 401 ? 'unauthorized' : 'forbidden',
    access.reason ?? 'Changes are refused.',
  );
}

/**
 * A state-changing request from a browser carries Origin; it must be ours. Requests without Origin
 * (curl, server-to-server) pass this check and still need the session when a password is set.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
