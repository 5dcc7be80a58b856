/**
 * The address of the TCP peer, as a request header no client can set. `next start` (16.4) keeps a
 * client's own X-Forwarded-For and only fills it in when absent (measured: a spoofed
 * `X-Forwarded-For: 6.6.6.6` reaches the route handler unchanged), and route handlers never see the
 * socket. So at start (instrumentation.ts) every incoming request is stamped with its socket's
 * address under a header name drawn at random per process: a client cannot guess it, and any copy it
 * sent is overwritten. Not imported by the browser; no server-only import so the simulator's tests
 * can use it.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hookServer } from '../http/server-hook';

const KEY = Symbol.for('pulse.peer-header');
type Holder = { [KEY]?: string };

/** The header carrying the peer address in this process, or null before the stamp is installed. */
export function peerHeaderName(): string | null {
  return (globalThis as Holder)[KEY] ?? null;
}

/** Idempotent. Runs once per server process, before requests are handled. */
export async function installPeerStamp(): Promise<void> {
  const holder = globalThis as Holder;
  if (holder[KEY]) return;
  const name = `x-pulse-peer-${randomBytes(9).toString('hex')}`;
  const stamp = (req: IncomingMessage) => {
    if (req.headers) req.headers[name] = req.socket?.remoteAddress ?? '';
  };
  await hookServer('pulse.peer-stamp', {
    request: (req) => {
      stamp(req);
      return false;
    },
    upgrade: stamp,
  });
  holder[KEY] = name;
}
