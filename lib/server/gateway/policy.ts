/**
 * Who may change upstream state through the gateway (monitored addresses, app config, webhook retry,
 * replay): the rule of lib/server/auth/access.ts first (so a deployment that allows no change says how to
 * enable it), then where the request comes from (lib/server/security/origin.ts: an allowed Host, our own
 * Origin, or no Origin only with the admin session).
 */
import 'server-only';
import type { Rejection, ServiceContract } from '../../contracts/types';
import { accessOf, type Access } from '../auth/access';
import { checkStateChange } from '../security/origin';
import { refusal } from './envelope';

export async function checkMutation(
  request: Request,
  contract: ServiceContract,
): Promise<{ denied: Rejection } | { denied: null; access: Access }> {
  const access = await accessOf(request);
  if (!access.canChange) {
    const status = access.status ?? 403;
    return {
      denied: refusal(
        contract.service,
        status,
        status === 401 ? 'unauthorized' : 'forbidden',
        access.reason ?? 'Changes are refused.',
      ),
    };
  }
  const origin = checkStateChange(request, { signedIn: access.signedIn });
  if (!origin.ok) return { denied: refusal(contract.service, 403, 'forbidden', origin.message) };
  return { denied: null, access };
}
