/**
 * Who may change upstream state, in one place: the gateway's policy refuses with it and the UI asks
 * it (GET /api/auth/session) to show "Read-only: sign in to change" before anyone tries.
 *
 * - Demo (simulator, no DASHBOARD_PASSWORD): every visitor may change, inside a sandbox of their own.
 * - Simulator with a password, or a real upstream with one: changes need the admin session.
 * - A real upstream without a password: no changes at all.
 */
import 'server-only';
import { getEnv, sandboxMode, upstreamMode } from '../../config/env';
import { hasAdminSession, sessionState } from './session';

export interface Access {
  mode: 'simulator' | 'upstream';
  passwordSet: boolean;
  signedIn: boolean;
  canChange: boolean;
  /** changes go to this visitor's own demo sandbox, seen by nobody else */
  sandbox: boolean;
  /** DASHBOARD_ACCESS=private: reading needs the admin session too */
  private: boolean;
  reason: string | null;
  /** the refusal's HTTP status when changes are not allowed */
  status: 401 | 403 | 503 | null;
}

const NO_PASSWORD_MESSAGE =
  'Changes are disabled on this deployment: set DASHBOARD_PASSWORD to enable them.';
const SIGN_IN_MESSAGE = 'Sign in as admin to make changes.';
export const SIGN_IN_TO_READ_MESSAGE = 'This dashboard is private: sign in as admin.';
const SESSION_UNVERIFIABLE_MESSAGE =
  'Changes are paused: the session store cannot be reached to check sign-outs. Try again in a moment.';

export async function accessOf(request: Request): Promise<Access> {
  const env = getEnv();
  const mode = upstreamMode(env);
  const base = { mode, private: env.DASHBOARD_ACCESS === 'private' };
  if (!env.DASHBOARD_PASSWORD) {
    return sandboxMode(env)
      ? {
          ...base,
          passwordSet: false,
          signedIn: false,
          canChange: true,
          sandbox: true,
          reason: null,
          status: null,
        }
      : {
          ...base,
          passwordSet: false,
          signedIn: false,
          canChange: false,
          sandbox: false,
          reason: NO_PASSWORD_MESSAGE,
          status: 403,
        };
  }
  const session = await sessionState(request);
  if (session.state === 'unknown') {
    // A signed-out copy of the cookie could be this one: no change until the store answers.
    return {
      ...base,
      passwordSet: true,
      signedIn: true,
      canChange: false,
      sandbox: false,
      reason: SESSION_UNVERIFIABLE_MESSAGE,
      status: 503,
    };
  }
  const signedIn = session.state === 'valid';
  return signedIn
    ? {
        ...base,
        passwordSet: true,
        signedIn,
        canChange: true,
        sandbox: false,
        reason: null,
        status: null,
      }
    : {
        ...base,
        passwordSet: true,
        signedIn,
        canChange: false,
        sandbox: false,
        reason: SIGN_IN_MESSAGE,
        status: 401,
      };
}

/**
 * DASHBOARD_ACCESS=private: may this request read? The admin may; without a password nobody could
 * sign in, so the env check refuses that combination at start.
 */
export async function mayRead(request: Request): Promise<boolean> {
  if (getEnv().DASHBOARD_ACCESS !== 'private') return true;
  return hasAdminSession(request);
}
