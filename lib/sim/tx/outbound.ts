/**
 * Webhook delivery over the network, to a URL a user chose: refused when the host resolves (or is) a
 * loopback, private, link-local, multicast, unspecified or otherwise non-public address, checked on
 * the address actually connected to (request-filtering-agent), so a DNS answer that changes between
 * check and connect changes nothing. Redirects are never followed (a 3xx is a failed delivery), so no
 * redirect can lead elsewhere. Failure reasons name no host, port or socket error: they are shown to
 * whoever reads the retry status.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

export type Outcome = { ok: true } | { ok: false; reason: string };

export const REFUSED_ADDRESS =
  'the webhook_url is not allowed: it resolves to a loopback, private, link-local, multicast or reserved address';
export const CONNECT_FAILED = 'could not connect to the webhook_url';

const filteredHttp = new RequestFilteringHttpAgent({ keepAlive: false });
const filteredHttps = new RequestFilteringHttpsAgent({ keepAlive: false });

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
    return Promise.resolve({ ok: false, reason: CONNECT_FAILED });
  }
  const https = target.protocol === 'https:';
  if (!https && target.protocol !== 'http:')
    return Promise.resolve({ ok: false, reason: CONNECT_FAILED });
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
    req.on('error', (error: Error) => {
      done({
        ok: false,
        reason: /is not allowed/.test(error.message) ? REFUSED_ADDRESS : CONNECT_FAILED,
      });
    });
    req.end(body);
  });
}
