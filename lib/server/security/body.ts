/**
 * Request bodies read as a stream with a cap and a deadline (docs/security.md, "Request bodies and
 * headers"):
 *
 * - a declared Content-Length over the cap is refused before a byte is read;
 * - a chunked body has no length, so the bytes are counted as they arrive and reading stops (the
 *   stream is cancelled) at the first chunk over the cap: nothing past the cap is ever buffered;
 * - a body that trickles is refused once the whole of it has taken BODY_TIMEOUT_MS, or once no byte
 *   has come for BODY_IDLE_MS.
 *
 * A body left unread (refused, or never read because the request was refused first) must not keep
 * its connection busy: Node's server would read and drop the rest to reuse the connection, for as
 * long as the client keeps sending. `bodyLeftUnread` tells the route wrapper (lib/server/http/access.ts)
 * to answer with `Connection: close` instead, so the socket is closed once the answer is out.
 */

export type BodyRefusal = 'too-large' | 'timeout' | 'aborted';
export type CappedBody = { ok: true; text: string } | { ok: false; reason: BodyRefusal };

/**
 * The whole body: the largest legitimate ones (the 5 MB webhook batch, sent server to server; a
 * 256 KB address list from a browser, 5 s on a 400 kbit/s uplink) arrive well within it, while a
 * connection held open by a trickle is let go after a bounded time.
 */
export const BODY_TIMEOUT_MS = 10_000;
/** Silence between two chunks: a sender that stalls is let go before the whole deadline. */
export const BODY_IDLE_MS = 5_000;

export interface BodyLimits {
  timeoutMs?: number;
  idleMs?: number;
}

/** Requests whose body was read to its end (or had none): their connection may be reused. */
const drained = new WeakSet<Request>();

/** Whether the request came with a body that was not read to its end. */
export function bodyLeftUnread(request: Request): boolean {
  if (drained.has(request)) return false;
  if (request.headers.has('transfer-encoding')) return true;
  const length = request.headers.get('content-length');
  return length !== null && length !== '0';
}

export async function readCappedText(
  request: Request,
  maxBytes: number,
  limits: BodyLimits = {},
): Promise<CappedBody> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    return { ok: false, reason: 'too-large' };
  }
  if (!request.body) {
    drained.add(request);
    return { ok: true, text: '' };
  }
  const timeoutMs = limits.timeoutMs ?? BODY_TIMEOUT_MS;
  const idleMs = limits.idleMs ?? BODY_IDLE_MS;
  const deadline = Date.now() + timeoutMs;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (reason: BodyRefusal): CappedBody => {
    // Not awaited: a source that never answers must not hold the refusal back.
    reader.cancel().catch(() => undefined);
    return { ok: false, reason };
  };
  try {
    for (;;) {
      const wait = Math.min(idleMs, deadline - Date.now());
      if (wait <= 0) return stop('timeout');
      const next = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, wait, 'timeout'))),
      ]);
      clearTimeout(timer);
      if (next === 'timeout') return stop('timeout');
      if (next.done) break;
      total += next.value.byteLength;
      if (total > maxBytes) return stop('too-large');
      chunks.push(next.value);
    }
  } catch {
    clearTimeout(timer);
    return { ok: false, reason: 'aborted' };
  }
  drained.add(request);
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
