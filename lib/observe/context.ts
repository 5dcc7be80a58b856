/**
 * What one request learns on its way (its id, the route template, the gateway's cache result and the
 * upstream's status), for its access log line. Node's AsyncLocalStorage carries it through awaits.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  id: string;
  /** the route template or the gateway endpoint id, never the raw path (no ids or addresses) */
  route: string;
  cache?: 'hit' | 'miss';
  upstreamStatus?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}
