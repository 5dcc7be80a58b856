/**
 * Webhook delivery over the network, to a URL a user chose: refused unless every address the host is
 * (or resolves to) is a public unicast address, checked on the address actually connected to, so a
 * DNS answer that changes between check and connect changes nothing. Two layers: our own check
 * (`isPublicAddress`: IPv4 unicast outside every special range, IPv6 only inside 2000::/3 and outside
 * its special ranges, which also covers ::/96, the IPv4-compatible form `[::127.0.0.1]` that the
 * filtering agent alone lets through), then request-filtering-agent's. Redirects are never followed
 * (a 3xx is a failed delivery).
 *
 * Failure reasons are shown to whoever reads the retry status, so they name no host, port or socket
 * error, and a name that resolves to a private address, a name that does not resolve and a host that
 * refuses the connection all read alike: the reason is no oracle of which names resolve privately.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export type Outcome = { ok: true } | { ok: false; reason: string };

/** Every refusal and every failure to connect: one sentence (see the module comment). */
export const REFUSED_ADDRESS =
  'the webhook_url could not be reached: it must be a public http(s) address that accepts connections';

const filteredHttp = new RequestFilteringHttpAgent({ keepAlive: false });
const filteredHttps = new RequestFilteringHttpsAgent({ keepAlive: false });

/** IANA's global unicast block: every other IPv6 address is reserved, local or special. */
const IPV6_GLOBAL = ipaddr.parseCIDR('2000::/3');

/** Whether a literal address may receive a delivery (false for anything that is not an address). */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  return parsed.match(IPV6_GLOBAL) && parsed.range() === 'unicast';
}

class Refused extends Error {
  override name = 'Refused';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup, refusing any non-public answer (the agent checks again with its own ranges). */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(new Refused('not a public address'), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}

export interface PostOptions {
  /** local development and tests only: deliver to loopback and private addresses too */
  allowPrivate: boolean;
  timeoutMs: number;
}

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<Outcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, reason: REFUSED_ADDRESS });
  }
  const https = target.protocol === 'https:';
  if (!https && target.protocol !== 'http:')
    return Promise.resolve({ ok: false, reason: REFUSED_ADDRESS });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: it is checked here.
  if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return Promise.resolve({ ok: false, reason: REFUSED_ADDRESS });
  const send = https ? httpsRequest : httpRequest;
  const agent = options.allowPrivate ? undefined : https ? filteredHttps : filteredHttp;
  const seconds = Math.round(options.timeoutMs / 1000);

  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      target,
      {
        method: 'POST',
        agent,
        ...(options.allowPrivate ? {} : { lookup: publicLookup }),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        // The body is not read: drain a little and let go.
        res.resume();
        res.on('error', () => undefined);
        done(
          status >= 200 && status < 300
            ? { ok: true }
            : { ok: false, reason: `HTTP ${status} from the webhook_url` },
        );
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      done({ ok: false, reason: `no response within ${seconds} s` });
      req.destroy();
    }, options.timeoutMs);
    timer.unref?.();
    // Refused, unresolvable, unreachable: one reason (see the module comment).
    req.on('error', () => done({ ok: false, reason: REFUSED_ADDRESS }));
    req.end(body);
  });
}
