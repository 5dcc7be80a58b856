/**
 * Who may change upstream state through the gateway (monitored addresses, app config, webhook retry,
 * replay). Reading is open. On the simulator changes are open; on a real upstream they need the admin
 * session, and without DASHBOARD_PASSWORD they are refused with a message saying how to enable them.
 */
import 'server-only';
import type { Rejection, ServiceContract } from '../contracts/types';
import { getEnv, upstreamMode } from '../env';
import { hasAdminSession } from '../auth/session';
import { refusal } from './envelope';

export async function checkMutation(request: Request, contract: ServiceContract): Promise<Rejection | null> {
  const env = getEnv();
  if (!sameOrigin(request)) {
    return refusal(contract.service, 403, 'forbidden', 'Cross-origin changes are refused.');
  }
  if (!env.DASHBOARD_PASSWORD) {
    if (upstreamMode(env) === 'simulator') return null;
    return refusal(
      contract.service,
      403,
      'forbidden',
      'Changes are disabled on this deployment: set DASHBOARD_PASSWORD to enable them.',
    );
  }
  if (await hasAdminSession(request)) return null;
  return refusal(contract.service, 401, 'unauthorized', 'Sign in as admin to make changes.');
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
