/**
 * A lingering close for connections whose request body was left unread. An answer with
 * `Connection: close` (lib/server/http/access.ts, lib/server/http/request-guard.ts) makes Node.js
 * destroy the socket as soon as the answer is written. If the client is still sending (a body
 * refused at its cap), unread bytes are then waiting in the socket, and closing it makes the kernel
 * send a reset, which can reach the client before it has read the answer: it sees EPIPE or
 * ECONNRESET and never the 413. So, as nginx does (`lingering_close`), the server only ends its own
 * side once the answer is out, drops whatever still arrives, and destroys the socket when the client
 * ends its side or after LINGER_MS at most. Nothing is buffered meanwhile.
 *
 * Installed at start (instrumentation.ts) on the server's `request` event, for requests that come
 * with a body only (a Content-Length above 0 or Transfer-Encoding).
 */
import type { Socket } from 'node:net';
import { hookServer } from './server-hook';

/** How long a closing connection keeps dropping what the client still sends. */
const LINGER_MS = 2000;

const KEY = Symbol.for('pulse.lingering-close');
type Lingering = Socket & { [KEY]?: true };

function lingerOnClose(socket: Lingering): void {
  if (socket[KEY]) return;
  socket[KEY] = true;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.destroyed) return;
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => {
      clearTimeout(timer);
      this.destroy();
    });
    this.once('close', () => clearTimeout(timer));
    // Keep reading (and dropping) so the client's writes do not stall into a reset.
    this.resume();
  };
}

/** Idempotent. Runs once per server process, before requests are handled. */
export async function installLingeringClose(): Promise<void> {
  await hookServer('pulse.lingering-close', {
    request: (req) => {
      const length = req.headers['content-length'];
      if (req.socket && (req.headers['transfer-encoding'] || (length && length !== '0')))
        lingerOnClose(req.socket);
      return false;
    },
  });
}
