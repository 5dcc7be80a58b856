import 'server-only';
import { hostAllowed } from '../security/origin';

const RECEIVER_PATH = '/api/webhooks/tx';

/** This app's own receiver: its path on a host this app serves (ALLOWED_HOSTS, platform, loopback). */
export function isOwnReceiver(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      u.pathname === RECEIVER_PATH &&
      hostAllowed(u.host)
    );
  } catch {
    return false;
  }
}
