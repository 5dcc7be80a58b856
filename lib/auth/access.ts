/**
 * Who may change upstream state, in one place: the gateway's policy refuses with it and the UI asks
 * it (GET /api/auth/session) to show "Read-only: sign in to change" before anyone tries.
 */
import 'server-only';
import { getEnv, upstreamMode } from '../env';
import { hasAdminSession } from './session';

export interface Access {
  mode: 'simulator' | 'upstream';
  passwordSet: boolean;
  signedIn: boolean;
  canChange: boolean;
  reason: string | null;
  /** the refusal's HTTP status when changes are not allowed */
  status: 401 | 403 | null;
}

export const NO_PASSWORD_MESSAGE =
  'Changes are disabled on this deployment: set DASHBOARD_PASSWORD to enable them.';
export const SIGN_IN_MESSAGE = 'Sign in as admin to make changes.';

export async function accessOf(request: Request): Promise<Access> {
  const env = getEnv();
  const mode = upstreamMode(env);
  if (!env.DASHBOARD_PASSWORD) {
    // On the simulator nothing real is at stake; on a real upstream, no password means no changes.
    return mode === 'simulator'
      ? { mode, passwordSet: false, signedIn: false, canChange: true, reason: null, status: null }
      : {
          mode,
          passwordSet: false,
          signedIn: false,
          canChange: false,
          reason: NO_PASSWORD_MESSAGE,
          status: 403,
        };
  }
  const signedIn = await hasAdminSession(request);
  return signedIn
    ? { mode, passwordSet: true, signedIn, canChange: true, reason: null, status: null }
    : { mode, passwordSet: true, signedIn, canChange: false, reason: SIGN_IN_MESSAGE, status: 401 };
}
