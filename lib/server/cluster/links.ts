/**
 * The upstream links' states as the lease holder reports them (kline, tx, a sandbox's tx@scope):
 * every instance shows them to its viewers, read from the links hash and from the status events in
 * the topic streams, each parsed as untrusted input.
 */
import 'server-only';
import { parseLinkState } from './parse';

/** The keys of the links hash: a service, or a sandbox's tx link. */
const LINK_KEY = /^(kline|tx|trades)(@[A-Za-z0-9_-]{22})?$/;

/** The links hash key of a service's status: a sandbox's tx link is its own. */
export function linkKey(service: string, scope: string | undefined): string {
  return service === 'tx' && scope ? `tx@${scope}` : service;
}

export class LinkStates {
  private readonly states = new Map<string, string>();

  get(service: string, scope: string | undefined): string | undefined {
    return this.states.get(linkKey(service, scope));
  }

  /** The links hash as read back. */
  merge(hash: Record<string, string>): void {
    for (const [k, v] of Object.entries(hash)) this.set(k, v);
  }

  /** A status event read from a topic's stream. */
  noteStatus(topic: string, data: string): void {
    try {
      const status = JSON.parse(data) as { service?: string; state?: string };
      if (!status.service) return;
      const scope = topic.includes('@') ? topic.slice(topic.indexOf('@') + 1) : '';
      this.set(linkKey(status.service, scope), status.state);
    } catch {
      // not ours to judge
    }
  }

  private set(key: string, value: unknown): void {
    const state = parseLinkState(value);
    if (state && LINK_KEY.test(key)) this.states.set(key, state);
  }
}
