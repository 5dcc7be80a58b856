/**
 * Uploads as a slow or hostile client sends them, over raw HTTP: a chunked body at a set pace, a
 * declared Content-Length with nothing after it, a trickle. Each says when the answer came relative
 * to what had been sent, and whether the server then closed the connection while the client still
 * had bytes to send (rather than reading them all to keep the connection).
 */
import { request as httpRequest } from 'node:http';

export interface UploadResult {
  /** 0: no answer before `giveUpMs` */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** body bytes written when the answer's head arrived */
  sentAtAnswer: number;
  /** ms from the write that passed `capBytes` to the answer's head (null: the cap was not passed) */
  answerAfterCapMs: number | null;
  /** ms from the first write (or the head, for `declaredOnly`) to the answer's head */
  answerAfterStartMs: number;
  /** the server ended the connection within 2 s of its answer, before the body was all sent */
  serverClosed: boolean;
}

export interface UploadOptions {
  headers?: Record<string, string>;
  /** body bytes per write, and the pause between writes */
  chunkBytes?: number;
  everyMs?: number;
  /** the body's whole size; the client stops writing when the answer comes */
  totalBytes?: number;
  /** the route's cap: `answerAfterCapMs` counts from the write that passes it */
  capBytes?: number;
  /** send this Content-Length and no body at all */
  declaredOnly?: number;
  /** stop waiting for an answer after this long (then `status` is 0) */
  giveUpMs?: number;
}

export function upload(url: string, options: UploadOptions): Promise<UploadResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let capPassedAt: number | null = null;
    let finishedSending = false;
    let answeredAt: number | null = null;
    let result: Omit<UploadResult, 'body' | 'serverClosed'> | null = null;
    let body = '';
    let settled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const headers: Record<string, string> = { ...options.headers };
    if (options.declaredOnly !== undefined)
      headers['content-length'] = String(options.declaredOnly);
    else headers['transfer-encoding'] = 'chunked';
    // A connection of its own, so "closed" means the server ended it.
    const req = httpRequest(url, { method: 'POST', headers, agent: false });
    const settle = (serverClosed: boolean) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      req.destroy();
      resolve({
        ...(result ?? {
          status: 0,
          headers: {},
          sentAtAnswer: sent,
          answerAfterCapMs: null,
          answerAfterStartMs: performance.now() - started,
        }),
        body,
        serverClosed,
      });
    };
    req.on('response', (res) => {
      answeredAt = performance.now();
      result = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        sentAtAnswer: sent,
        answerAfterCapMs: capPassedAt === null ? null : answeredAt - capPassedAt,
        answerAfterStartMs: answeredAt - started,
      };
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('error', () => undefined);
      // The connection must end soon after the answer: wait for that, no longer.
      timers.push(setTimeout(() => settle(false), 2000));
    });
    // The server may reset the connection under a body it will not read: the answer is what counts.
    req.on('error', () => undefined);
    req.on('socket', (socket) =>
      socket.on('close', () => settle(answeredAt !== null && !finishedSending)),
    );
    timers.push(setTimeout(() => settle(false), options.giveUpMs ?? 30_000));
    if (options.declaredOnly !== undefined) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(options.chunkBytes ?? 64 * 1024, 0x20);
    const total = options.totalBytes ?? 10 * 1024 * 1024;
    const pump = () => {
      if (answeredAt !== null || settled) return;
      if (sent >= total) {
        finishedSending = true;
        req.end();
        return;
      }
      sent += chunk.length;
      if (capPassedAt === null && options.capBytes !== undefined && sent > options.capBytes)
        capPassedAt = performance.now();
      req.write(chunk);
      timers.push(setTimeout(pump, options.everyMs ?? 50));
    };
    pump();
  });
}
