/**
 * The one way the app sees a request before Next.js does: at start (instrumentation.ts) Node's
 * `http.Server.prototype.emit` is wrapped, so every server of the process (the one `next start`
 * makes included) passes its `request` and `upgrade` events through the hook first. Each hook is
 * installed once per process, under a registered symbol, whatever module copies a reload makes.
 * The order of installation matters: the hook installed last sees a request first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
type Holder = Record<symbol, true | undefined>;

export interface ServerHook {
  /** Sees each request first; returns true when it has answered it itself (Next.js never sees it). */
  request?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Sees each upgrade (WebSocket) request first; the request always goes on. */
  upgrade?: (req: IncomingMessage) => void;
}

/** Idempotent per `name`. Runs once per server process, before requests are handled. */
export async function hookServer(name: string, hook: ServerHook): Promise<void> {
  const key = Symbol.for(name);
  const holder = globalThis as Holder;
  if (holder[key]) return;
  const http = await import('node:http');
  const proto = http.Server.prototype as unknown as { emit: Emit };
  const emit = proto.emit;
  proto.emit = function hooked(this: unknown, event, ...args) {
    const req = args[0] as IncomingMessage | undefined;
    if (req) {
      if (event === 'request' && hook.request?.(req, args[1] as ServerResponse)) return true;
      if (event === 'upgrade') hook.upgrade?.(req);
    }
    return emit.call(this, event, ...args);
  };
  holder[key] = true;
}
