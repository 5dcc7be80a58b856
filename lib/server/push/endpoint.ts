/**
 * Where a push may go. A subscription's endpoint is a URL the browser's push service gave it, but
 * the request that carries it is a stranger's: it could name any host. So an endpoint must be HTTPS
 * on the standard port of a public address, checked twice: its form when it is stored, and the
 * address actually connected to when a push is sent (request-filtering-agent, as the logo proxy
 * does: a name that resolves to a private address, or is re-pointed there later, is refused at
 * connect time). IPv4-compatible IPv6 (`::/96`) is refused too: the agent's ranges count it public.
 *
 * PUSH_ALLOW_PRIVATE=1 lets endpoints on loopback and private addresses, over plain HTTP too, for
 * local development and tests only.
 */
import 'server-only';
import { Agent as HttpAgent } from 'node:http';
import { isIP } from 'node:net';
import { RequestFilteringHttpsAgent } from 'request-filtering-agent';

const MAX_ENDPOINT_LENGTH = 2048;
/** Sends to push services at once, per process. */
const MAX_SOCKETS = 16;
const DENIED = ['::/96'];

/** Null when the endpoint may be stored, else a sentence saying why not (never echoing it). */
export function endpointProblem(raw: string, allowPrivate: boolean): string | null {
  if (raw.length > MAX_ENDPOINT_LENGTH)
    return `the endpoint is longer than ${MAX_ENDPOINT_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the endpoint is not a URL';
  }
  const https = url.protocol === 'https:';
  if (!https && !(allowPrivate && url.protocol === 'http:'))
    return 'the endpoint must be an https URL';
  if (url.username || url.password) return 'the endpoint must not carry credentials';
  if (url.hash) return 'the endpoint must not have a fragment';
  if (allowPrivate) return null;
  if (url.port && url.port !== '443') return 'the endpoint must use the https port (443)';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || (!host.includes('.') && !isIP(host)))
    return 'the endpoint must be on a public host';
  if (isIP(host) && !isPublicAddress(host)) return 'the endpoint must be on a public address';
  return null;
}

/** The same test the agent makes when it connects, for an address written in the URL itself. */
export function isPublicAddress(address: string): boolean {
  // The agent refuses every range but plain unicast; its own check runs on connect as well.
  const v4 = address.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  const v6 = address.toLowerCase();
  // Global unicast is 2000::/3; everything else (loopback, mapped, compatible, ULA, link-local) is not.
  return /^[23][0-9a-f]{0,3}:/.test(v6) && !v6.startsWith('2001:db8:');
}

const KEY = Symbol.for('pulse.push-agents');
type Agents = { https: RequestFilteringHttpsAgent; http: HttpAgent | null; allowPrivate: boolean };
type Holder = { [KEY]?: Agents };

/** The agents pushes are sent with (one per process, sockets kept alive between pushes). */
export function pushAgents(allowPrivate: boolean): Agents {
  const holder = globalThis as Holder;
  const current = holder[KEY];
  if (current && current.allowPrivate === allowPrivate) return current;
  const agents: Agents = {
    https: new RequestFilteringHttpsAgent({
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      allowPrivateIPAddress: allowPrivate,
      denyIPAddressList: allowPrivate ? [] : DENIED,
    }),
    // Plain HTTP only exists for local development and tests.
    http: allowPrivate ? new HttpAgent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : null,
    allowPrivate,
  };
  holder[KEY] = agents;
  return agents;
}
